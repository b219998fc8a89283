import { randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from './harness.ts';
import { png } from './png-fixture.ts';
import { createSession } from './session-fixture.ts';

/**
 * Decompression bombs. A picture whose header states more than 4096 pixels a
 * side (or more than 16 megapixels) is refused before it is stored, whatever its byte size.
 */

/** A 1-bit greyscale PNG of the given size whose pixel data is a small run of zeros (a few KB). */
const bigPng = (width: number, height: number) =>
  png({ width, height, colour: [1, 0, 0, 0, 0], pixels: Buffer.alloc(4096) });

/** A GIF89a: logical screen `screen`, one frame of `frame` at the origin. */
function gif(screen: [number, number], frame: [number, number]): Buffer {
  const head = Buffer.alloc(13);
  head.write('GIF89a', 0, 'latin1');
  head.writeUInt16LE(screen[0], 6);
  head.writeUInt16LE(screen[1], 8);
  const descriptor = Buffer.alloc(10);
  descriptor[0] = 0x2c;
  descriptor.writeUInt16LE(frame[0], 5);
  descriptor.writeUInt16LE(frame[1], 7);
  return Buffer.concat([head, descriptor, Buffer.from([0x02, 0x02, 0x44, 0x01, 0x00, 0x3b])]);
}

/** A baseline JPEG header: SOI, APP0 (JFIF), SOF0 stating the size (one component), EOI. */
function jpeg(width: number, height: number): Buffer {
  const frame = Buffer.from([0xff, 0xc0, 0x00, 0x0b, 0x08, 0, 0, 0, 0, 0x01, 0x01, 0x11, 0x00]);
  frame.writeUInt16BE(height, 5);
  frame.writeUInt16BE(width, 7);
  return Buffer.concat([
    Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
    frame,
    Buffer.from('ffd9', 'hex'),
  ]);
}

/**
 * A real JPEG at a size within the limit: a header alone no longer passes, as the upload has sharp
 * read the picture too.
 */
const withinLimitJpeg = await sharp({
  create: { width: 4096, height: 3072, channels: 3, background: '#808080' },
})
  .jpeg({ quality: 30 })
  .toBuffer();

describe('hardening: picture dimensions on upload', () => {
  let service: TestService;
  let headers: Record<string, string>;
  beforeAll(async () => {
    service = await startTestService();
    headers = (await createSession(service)).headers;
  });
  afterAll(() => service.close());

  const upload = (content: Buffer, name: string, lang = 'zh-CN') =>
    service.http
      .post('/service/file/uploads')
      .set(headers)
      .set('Accept-Language', lang)
      .attach('file', content, name);
  const stored = async () => (await service.ctx.db.selectFrom('files').select('id').execute()).length;

  it('refuses a 30000×30000 PNG of a few KB, with the size in both languages', async () => {
    const bomb = bigPng(30_000, 30_000);
    expect(bomb.length).toBeLessThan(10_000);
    const before = await stored();
    const zh = await upload(bomb, 'avatar.png');
    expect(zh.status, zh.text).toBe(400);
    expect(zh.body).toMatchObject({
      success: false,
      message: 'files.imageTooLarge',
      alterMsg: '图片尺寸过大（30000×30000），每边不能超过 4096 像素',
    });
    const en = await upload(bomb, 'avatar.png', 'en-GB');
    expect(en.body.alterMsg).toBe('The picture is too large (30000×30000): at most 4096 pixels on each side');
    expect(await stored()).toBe(before);
  });

  it.each([
    ['wide.png', () => bigPng(4097, 1)],
    ['tall.png', () => bigPng(1, 5000)],
    ['screen.gif', () => gif([5000, 10], [1, 1])],
    ['frame.gif', () => gif([10, 10], [20_000, 20_000])],
    ['photo.jpg', () => jpeg(8000, 8000)],
    ['photo.jpeg', () => jpeg(100, 4097)],
  ])('refuses %s above the limit', async (name, make) => {
    const res = await upload(make(), name);
    expect(res.status, res.text).toBe(400);
    expect(res.body.message).toBe('files.imageTooLarge');
  });

  it.each([
    ['limit.png', () => bigPng(4096, 4096)],
    ['small.gif', () => gif([640, 480], [640, 480])],
    ['photo.jpg', () => withinLimitJpeg],
  ])('accepts %s within the limit', async (name, make) => {
    const res = await upload(make(), name);
    expect(res.body.success, res.text).toBe(true);
  });

  it('still sniffs the content first: random bytes named .png are refused as not a picture', async () => {
    const res = await upload(randomBytes(64), `${randomUUID()}.png`);
    expect(res.body.message).toBe('files.contentMismatch');
  });
});
