import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsPromises from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestService, type TestService } from './harness.ts';
import { png } from './png-fixture.ts';

const MAX_BYTES = 4096;

// ---------------------------------------------------------------------------------------------
// Tiny but genuine files of each accepted type, built here so nothing is downloaded.

/** A 1×1 GIF89a. */
const gif = () =>
  Buffer.from(
    '47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b',
    'hex',
  );

/** A JFIF header and end-of-image marker. */
/** A one-pixel baseline JPEG (made by sharp): the upload reads its frame header, so it needs one. */
const jpeg = () =>
  Buffer.from(
    'ffd8ffdb004300100b0c0e0c0a100e0d0e1211101318281a181616183123251d283a333d3c3933383740485c4e404457453738506d51575f626768673e4d71797064785c656763ffdb0043011112121815182f1a1a2f634238426363636363636363636363636363636363636363636363636363636363636363636363636363636363636363636363636363ffc00011080001000103012200021101031101ffc4001500010100000000000000000000000000000006ffc40014100100000000000000000000000000000000ffc4001501010100000000000000000000000000000506ffc40014110100000000000000000000000000000000ffda000c03010002110311003f009d007ac1ffd9',
    'hex',
  );

/** A stored (uncompressed) zip archive. */
function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text, 'utf8');
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const contentTypes = (main: string, part: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="${part}" ContentType="${main}.main+xml"/></Types>`;

/** A minimal Office Open XML workbook. */
const xlsx = () =>
  zip({
    '[Content_Types].xml': contentTypes(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      '/xl/workbook.xml',
    ),
    'xl/workbook.xml': '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>',
  });

/** A minimal Word document (a zip too, but not a spreadsheet). */
const docx = () =>
  zip({
    '[Content_Types].xml': contentTypes(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      '/word/document.xml',
    ),
    'word/document.xml': '<document/>',
  });

/** A compound file (CFB) whose directory holds the given stream, as legacy Office files do. */
function cfb(stream: string): Buffer {
  const header = Buffer.alloc(512);
  header.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], 0);
  header.writeUInt16LE(0x3e, 24);
  header.writeUInt16LE(3, 26);
  header.writeUInt16LE(0xfffe, 28);
  header.writeUInt16LE(9, 30);
  const directory = Buffer.alloc(512);
  for (const [index, name] of ['Root Entry', stream].entries()) {
    const entry = Buffer.from(`${name}\0`, 'utf16le');
    directory.set(entry, index * 128);
    directory.writeUInt16LE(entry.length, index * 128 + 64);
    directory[index * 128 + 66] = index === 0 ? 5 : 2;
  }
  return Buffer.concat([header, directory]);
}
const xls = () => cfb('Workbook');

// ---------------------------------------------------------------------------------------------

describe('files: upload and download', () => {
  let service: TestService;
  let auth: { Authorization: string };

  /** A signed-in session made directly in the database (independent of the accounts module). */
  async function session(account: string, phone: string) {
    const { db } = service.ctx;
    const now = service.ctx.now();
    const later = new Date(now.getTime() + 86_400_000).toISOString();
    const user = await db
      .insertInto('users')
      .values({
        username: account,
        phone,
        password_hash: 'not-used',
        name: account,
        avatar: '',
        gender: '',
        is_real: 0,
        real_name: null,
        id_number_masked: null,
        default_password: 0,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const familyId = randomUUID();
    await db
      .insertInto('refresh_tokens')
      .values({
        user_id: user.id,
        family_id: familyId,
        token_hash: randomBytes(32).toString('hex'),
        replaced_by_hash: null,
        rotated_at: null,
        revoked_at: null,
        expires_at: later,
        family_expires_at: later,
        created_at: now.toISOString(),
      })
      .execute();
    const accessToken = await service.ctx.tokens.issue({ userId: user.id, account, sessionId: familyId });
    return { userId: user.id, familyId, headers: { Authorization: `Bearer ${accessToken}` } };
  }

  const upload = (
    content: Buffer,
    filename: string,
    headers: Record<string, string> = auth,
    field = 'file',
  ) => service.http.post('/service/file/uploads').set(headers).attach(field, content, filename);

  const storedState = async () => {
    const rows = await service.ctx.db.selectFrom('files').select('fullfilename').execute();
    const dir = service.ctx.config.uploadDir;
    return { rows: rows.length, files: fs.existsSync(dir) ? fs.readdirSync(dir).length : 0 };
  };

  /** Collects a binary answer (supertest leaves most non-JSON bodies unparsed). */
  const binary = (res: unknown, done: (error: Error | null, body: Buffer) => void) => {
    const stream = res as NodeJS.ReadableStream;
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => done(null, Buffer.concat(chunks)));
  };
  const download = (query: string) =>
    service.http.get(`/service/file/down?${query}`).buffer(true).parse(binary);

  beforeAll(async () => {
    service = await startTestService({ UPLOAD_MAX_BYTES: String(MAX_BYTES) });
    auth = (await session('uploader', '13912340000')).headers;
  });
  afterAll(() => service.close());

  describe('POST /file/uploads accepts each accepted type, sniffed from its content', () => {
    const accepted: Array<[string, () => Buffer, string]> = [
      ['avatar.png', png, 'image/png'],
      ['photo.jpg', jpeg, 'image/jpeg'],
      ['photo.JPEG', jpeg, 'image/jpeg'],
      ['anim.gif', gif, 'image/gif'],
      ['report.xlsx', xlsx, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['legacy.xls', xls, 'application/vnd.ms-excel'],
    ];

    it.each(accepted)('stores %s and serves it back byte for byte', async (name, make, mime) => {
      const content = make();
      const res = await upload(content, name);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ success: true, message: 'ok', alterMsg: null, type: 1 });
      const { fullfilename, url } = res.body.data;
      const ext = name.split('.').pop()!.toLowerCase();
      expect(fullfilename).toMatch(new RegExp(`^[0-9a-f]{32}\\.${ext}$`));
      expect(url).toBe(`/service/file/down?fullfilename=${fullfilename}`);

      const row = await service.ctx.db
        .selectFrom('files')
        .selectAll()
        .where('fullfilename', '=', fullfilename)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ original_name: name, mime, size: content.length });

      const down = await service.http.get(url).buffer(true).parse(binary);
      expect(down.status).toBe(200);
      expect(down.headers['content-type']).toBe(mime);
      expect(down.headers['x-content-type-options']).toBe('nosniff');
      expect(down.headers['content-disposition']).toMatch(
        mime.startsWith('image/') ? /^inline;/ : /^attachment;/,
      );
      expect(Buffer.compare(down.body as Buffer, content)).toBe(0);
    });

    it('keeps a Chinese original name for the download', async () => {
      const res = await upload(png(), '我的头像.png');
      expect(res.status).toBe(200);
      const down = await service.http.get(res.body.data.url).buffer(true).parse(binary);
      expect(down.headers['content-disposition']).toContain(
        `filename*=UTF-8''${encodeURIComponent('我的头像.png')}`,
      );
    });

    it('gives every upload its own random name', async () => {
      const first = await upload(png(), 'same.png');
      const second = await upload(png(), 'same.png');
      expect(first.body.data.fullfilename).not.toBe(second.body.data.fullfilename);
    });
  });

  describe('POST /file/uploads refuses', () => {
    const refusals: Array<[string, () => Buffer, string, string]> = [
      ['a text file', () => Buffer.from('hello'), 'notes.txt', 'files.unsupportedType'],
      ['a PDF', () => Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n'), 'doc.pdf', 'files.unsupportedType'],
      ['a name without extension', png, 'avatar', 'files.unsupportedType'],
      [
        'an SVG (script-capable) image',
        () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
        'x.svg',
        'files.unsupportedType',
      ],
      ['a PNG named .jpg', png, 'photo.jpg', 'files.contentMismatch'],
      ['a GIF named .png', gif, 'anim.png', 'files.contentMismatch'],
      [
        'HTML named .png',
        () => Buffer.from('<html><script>alert(1)</script></html>'),
        'evil.png',
        'files.contentMismatch',
      ],
      [
        'an executable named .gif',
        () => Buffer.from('7f454c46020101000000000000000000', 'hex'),
        'x.gif',
        'files.contentMismatch',
      ],
      ['a workbook named .xls', xlsx, 'report.xls', 'files.contentMismatch'],
      ['a legacy workbook named .xlsx', xls, 'legacy.xlsx', 'files.contentMismatch'],
      ['a Word document named .xlsx', docx, 'letter.xlsx', 'files.contentMismatch'],
      ['a legacy Word file named .xls', () => cfb('WordDocument'), 'letter.xls', 'files.contentMismatch'],
      ['a plain zip named .xlsx', () => zip({ 'a.txt': 'a' }), 'data.xlsx', 'files.contentMismatch'],
      ['an empty file', () => Buffer.alloc(0), 'empty.png', 'files.contentMismatch'],
      ['a truncated PNG signature', () => png().subarray(0, 4), 'cut.png', 'files.contentMismatch'],
    ];

    it.each(refusals)('%s with a 400 envelope and stores nothing', async (_label, make, name, key) => {
      const before = await storedState();
      const res = await upload(make(), name);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, data: null, message: key, type: 2 });
      expect(res.body.alterMsg).toBeTruthy();
      expect(await storedState()).toEqual(before);
    });

    it('a file over the size limit with 413 and a clear message', async () => {
      const before = await storedState();
      const big = Buffer.concat([png(), Buffer.alloc(MAX_BYTES)]);
      const res = await upload(big, 'big.png');
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({
        success: false,
        message: 'files.tooLarge',
        alterMsg: '文件大小不能超过 4 KB',
      });
      const en = await upload(big, 'big.png', { ...auth, 'Accept-Language': 'en-GB' });
      expect(en.body.alterMsg).toBe('The file must not be larger than 4 KB');
      expect(await storedState()).toEqual(before);
    });

    it('a file of exactly the limit is still accepted', async () => {
      const exact = Buffer.concat([png(), Buffer.alloc(MAX_BYTES - png().length)]);
      const res = await upload(exact, 'exact.png');
      expect(res.status).toBe(200);
    });

    it('a request without a file (form field only, or JSON) with 400 files.missing', async () => {
      const form = await service.http.post('/service/file/uploads').set(auth).field('name', 'x');
      expect(form.status).toBe(400);
      expect(form.body).toMatchObject({
        success: false,
        message: 'files.missing',
        alterMsg: '请选择要上传的文件',
      });
      const json = await service.http.post('/service/file/uploads').set(auth).send({ file: 'data' });
      expect(json.status).toBe(400);
      expect(json.body.message).toBe('files.missing');
    });

    it('a file in another field, or two files, with 400 files.badForm', async () => {
      const before = await storedState();
      const other = await upload(png(), 'a.png', auth, 'upload');
      expect(other.status).toBe(400);
      expect(other.body.message).toBe('files.badForm');
      const two = await service.http
        .post('/service/file/uploads')
        .set(auth)
        .attach('file', png(), 'a.png')
        .attach('file', png(), 'b.png');
      expect(two.status).toBe(400);
      expect(two.body.message).toBe('files.badForm');
      expect(await storedState()).toEqual(before);
    });

    it('a broken multipart body with 400', async () => {
      const res = await service.http
        .post('/service/file/uploads')
        .set(auth)
        .set('Content-Type', 'multipart/form-data; boundary=xyz')
        .send('--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc');
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
    });

    it('anyone without a valid token with 401', async () => {
      const before = await storedState();
      const none = await upload(png(), 'a.png', {});
      expect(none.status).toBe(401);
      expect(none.body).toMatchObject({ success: false, message: 'common.unauthenticated' });
      const forged = await upload(png(), 'a.png', { Authorization: 'Bearer not.a.token' });
      expect(forged.status).toBe(401);
      expect(await storedState()).toEqual(before);
    });

    it('a session that has been revoked with 401', async () => {
      const revoked = await session('revoked', '13912340001');
      await service.ctx.db
        .updateTable('refresh_tokens')
        .set({ revoked_at: service.ctx.now().toISOString() })
        .where('family_id', '=', revoked.familyId)
        .execute();
      const res = await upload(png(), 'a.png', revoked.headers);
      expect(res.status).toBe(401);
    });
  });

  describe('GET /file/down', () => {
    let stored: string;
    beforeAll(async () => {
      stored = (await upload(png(), 'kept.png')).body.data.fullfilename;
    });

    it('is public and sets nosniff, a sandboxing CSP and the stored type', async () => {
      const res = await download(`fullfilename=${stored}`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain('sandbox');
      expect(Number(res.headers['content-length'])).toBe(png().length);
    });

    it.each([
      ['a missing name', ''],
      ['an empty name', 'fullfilename='],
      ['a parent path', 'fullfilename=../shop.db'],
      ['an encoded parent path', 'fullfilename=..%2Fshop.db'],
      ['a deeper encoded traversal', 'fullfilename=..%2F..%2F..%2Fetc%2Fpasswd'],
      ['a double-encoded traversal', 'fullfilename=%252e%252e%252fshop.db'],
      ['dot segments', 'fullfilename=%2e%2e%2fshop.db'],
      ['backslashes', 'fullfilename=..%5C..%5Cshop.db'],
      ['an absolute path', 'fullfilename=%2Fetc%2Fpasswd'],
      ['a Windows path', 'fullfilename=C%3A%5Cwindows%5Cwin.ini'],
      ['a NUL byte', 'fullfilename=shop.db%00.png'],
      ['a stored name with a directory', () => `fullfilename=uploads%2F${stored}`],
      ['a stored name with a traversal prefix', () => `fullfilename=..%2Fuploads%2F${stored}`],
      ['an upper-case variant of a stored name', () => `fullfilename=${stored.toUpperCase()}`],
      ['a repeated parameter', () => `fullfilename=${stored}&fullfilename=${stored}`],
      ['an object parameter', () => `fullfilename[a]=${stored}`],
    ] as Array<[string, string | (() => string)]>)(
      'refuses %s with a 400 envelope',
      async (_label, query) => {
        const res = await download(typeof query === 'function' ? query() : query);
        expect(res.status).toBe(400);
        expect(JSON.parse(res.body.toString())).toMatchObject({
          success: false,
          message: 'files.invalidName',
          alterMsg: '文件名不正确',
        });
      },
    );

    it('answers 404 for a well-formed name that was never uploaded', async () => {
      const res = await download(`fullfilename=${'0'.repeat(32)}.png`);
      expect(res.status).toBe(404);
      expect(JSON.parse(res.body.toString())).toMatchObject({ success: false, message: 'files.notFound' });
    });

    it('serves nothing that is only on disk and not recorded', async () => {
      const name = `${'a'.repeat(32)}.png`;
      fs.writeFileSync(path.join(service.ctx.config.uploadDir, name), png());
      const res = await download(`fullfilename=${name}`);
      expect(res.status).toBe(404);
    });

    it('answers 404 when a recorded file is gone from disk', async () => {
      const res = await upload(png(), 'gone.png');
      const name = res.body.data.fullfilename;
      fs.rmSync(path.join(service.ctx.config.uploadDir, name));
      const down = await download(`fullfilename=${name}`);
      expect(down.status).toBe(404);
    });
  });
  describe('a storage failure', () => {
    it("answers 503 with a clear message in the caller's language (read-only uploads folder), stores nothing", async () => {
      const before = await storedState();
      const readOnly = Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' });
      const spy = vi.spyOn(fsPromises, 'writeFile').mockRejectedValue(readOnly);
      try {
        const res = await upload(png(), 'avatar.png', { ...auth, 'Accept-Language': 'en-GB' });
        expect(res.status).toBe(503);
        expect(res.headers['retry-after']).toEqual(expect.any(String));
        expect(res.body).toMatchObject({
          success: false,
          message: 'common.storageUnavailable',
          alterMsg: 'File storage is temporarily unavailable, please try again later',
        });
        const zh = await upload(png(), 'avatar.png');
        expect(zh.status).toBe(503);
        expect(zh.body.alterMsg).toBe('文件存储暂时不可用，请稍后再试');
      } finally {
        spy.mockRestore();
      }
      expect(await storedState()).toEqual(before);
    });
  });

  describe('avatars are pictures this shop stored for this user', () => {
    const PROFILE = '/service/shop/shop-user/';
    const saveAvatar = (headers: Record<string, string>, avatar: unknown) =>
      service.http.put(PROFILE).set(headers).send({ avatar });

    it('accepts the address of an own uploaded picture, and clearing it', async () => {
      const owner = await session('avatarown', '13912340011');
      const stored = await upload(png(), 'me.png', owner.headers);
      const url = stored.body.data.url as string;
      const res = await saveAvatar(owner.headers, url);
      expect(res.body).toMatchObject({ success: true, data: { avatar: url } });
      // Sending the current value back unchanged is fine.
      expect((await saveAvatar(owner.headers, url)).body.success).toBe(true);
      expect((await saveAvatar(owner.headers, '')).body.data.avatar).toBe('');
    });

    it.each([
      'https://evil.example/x.png"onerror="alert(1)',
      'https://cdn.example/avatar.png',
      '//evil.example/x.png',
      '/service/static/logo.png',
      '/service/file/down?fullfilename=0123456789abcdef0123456789abcdef.png',
      'javascript:alert(1)',
    ])('refuses %s and changes nothing', async (avatar) => {
      const user = await session(`av${randomBytes(3).toString('hex')}`, `139${String(Date.now()).slice(-8)}`);
      const res = await saveAvatar(user.headers, avatar);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        success: false,
        message: 'account.invalidAvatar',
        alterMsg: '头像地址不正确',
      });
    });

    it("refuses another user's upload and a spreadsheet", async () => {
      const owner = await session('avatarsrc', '13912340012');
      const other = await session('avatarthief', '13912340013');
      const picture = (await upload(png(), 'mine.png', owner.headers)).body.data.url as string;
      const thief = await saveAvatar(other.headers, picture);
      expect(thief.status).toBe(400);
      expect(thief.body.message).toBe('account.invalidAvatar');
      const sheet = (await upload(xlsx(), 'sheet.xlsx', owner.headers)).body.data.url as string;
      expect((await saveAvatar(owner.headers, sheet)).status).toBe(400);
    });
  });
});
