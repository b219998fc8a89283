/**
 * A page form that carries a file, sent without JavaScript (the personal centre's avatar): the page
 * server takes multipart only where the page's form takes a file, from this site, within the upload
 * limit, and the render's upload stores the file as the browser's upload does — the service's
 * upload route with the page request's session, which checks what the file is and answers its
 * refusal in the page's language. A stand-in server entry records what its action was given.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { png } from '../service/png-fixture.ts';
import { type GatewayHarness, startGatewayHarness } from './harness.ts';

interface Seen {
  intent: string | null;
  answer: { url?: string; refused?: string };
}

declare global {
  var __formUploadsSeen: Seen[] | undefined;
}

/** The stand-in server entry: the personal centre's forms take a file; its action uploads it. */
const STUB_BUNDLE = `
export const acceptsForm = () => true;
export const acceptsFiles = (pathname) => pathname.startsWith('/user/center');
export async function render(input) {
  if (input.request.method !== 'POST') return { kind: 'redirect', status: 302, location: '/home' };
  const form = await input.request.formData();
  const file = form.get('file');
  const answer = input.upload && file instanceof File
    ? await input.upload({ name: file.name, type: file.type, bytes: new Uint8Array(await file.arrayBuffer()) })
    : { refused: 'no upload' };
  (globalThis.__formUploadsSeen ??= []).push({ intent: form.get('intent'), answer });
  return { kind: 'redirect', status: 303, location: '/user/center/info' };
}
`;

const UPLOAD = 'POST /service/file/uploads';
const LOGIN = 'mutation($input: LoginInput!) { login(input: $input) { viewer { id } } }';
/** The gateway's upload limit here: small, so a body past it is cheap to send. */
const MAX_BYTES = 200_000;

function multipart(file: Buffer, name = 'me.png', type = 'image/png') {
  const boundary = '----shopFormUpload';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\navatar\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('a page form carrying a file, sent without JavaScript', () => {
  let h: GatewayHarness;
  let cookie = '';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-form-upload-'));
  const seen = () => globalThis.__formUploadsSeen ?? [];

  const send = (
    address: string,
    { body, contentType }: { body: Buffer; contentType: string },
    headers: Record<string, string> = {},
  ) =>
    h.http
      .post(address)
      .set('origin', h.url)
      .set('cookie', cookie)
      .set('content-type', contentType)
      .set(headers)
      .send(body);

  beforeAll(async () => {
    fs.mkdirSync(path.join(dir, 'dist'));
    fs.writeFileSync(
      path.join(dir, 'dist', 'index.html'),
      '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(path.join(dir, 'entry-server.mjs'), STUB_BUNDLE);
    h = await startGatewayHarness({
      gatewayEnv: {
        WEB_DIST: path.join(dir, 'dist'),
        WEB_SSR: '1',
        WEB_SSR_BUNDLE: path.join(dir, 'entry-server.mjs'),
        UPLOAD_MAX_BYTES: String(MAX_BYTES),
      },
    });
    const jar = h.jar();
    const login = await h.gql(LOGIN, { input: { account: 'demo', password: 'demo123' } }, { jar });
    expect(login.errors).toBeUndefined();
    cookie = jar.header();
  });
  afterAll(async () => {
    await h.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    globalThis.__formUploadsSeen = [];
    h.resetServiceLog();
  });

  it("stores a picture through the service's upload route with the shopper's session", async () => {
    const res = await send('/user/center/info', multipart(png({})));
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/user/center/info');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(seen()).toHaveLength(1);
    expect(seen()[0].intent).toBe('avatar');
    expect(seen()[0].answer.url).toMatch(/^\/service\/file\/down\?fullfilename=[0-9a-f]{32}\.png$/);
    expect(h.serviceCalls(UPLOAD)).toBe(1);
  });

  it("answers the service's refusal of a file that is not what its name says, in the page's language", async () => {
    const fake = multipart(Buffer.from('not a picture at all'), 'me.png');
    await send('/user/center/info', fake);
    await send('/user/center/info?lang=en-GB', fake);
    expect(seen().map((entry) => entry.answer)).toEqual([
      { refused: '文件内容与扩展名不符或文件已损坏' },
      { refused: 'The file content does not match its extension, or the file is damaged' },
    ]);
  });

  it('refuses a body past the upload limit with 413 before anything is rendered or uploaded', async () => {
    const res = await send('/user/center/info', multipart(Buffer.alloc(MAX_BYTES + 70 * 1024)));
    expect(res.status).toBe(413);
    expect(res.text).toBe('上传的文件过大');
    expect(seen()).toEqual([]);
    expect(h.serviceCalls(UPLOAD)).toBe(0);
  });

  it('takes multipart only where the form takes a file, and only from this site', async () => {
    const other = await send('/login', multipart(png({})));
    expect(other.status).toBe(415);
    const crossSite = await send('/user/center/info', multipart(png({})), { origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    expect(seen()).toEqual([]);
    expect(h.serviceCalls(UPLOAD)).toBe(0);
  });
});
