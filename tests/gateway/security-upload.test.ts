// biome-ignore-all lint/suspicious/noExplicitAny: GraphQL answers are asserted field by field
/**
 * The avatar upload the web app posts to /service/file/uploads goes through
 * the gateway with the session the gateway holds (cookie or bearer), refreshes an expired
 * access token like GraphQL calls do, and works with `Expect: 100-continue` (curl's default for
 * larger files).
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from '../service/png-fixture.ts';
import { type CookieJar, type GatewayHarness, rawRequest, startGatewayHarness } from './harness.ts';

const UPLOAD = '/service/file/uploads';
const LOGIN = 'mutation($input: LoginInput!) { login(input: $input) { sessionToken } }';
const VIEWER = '{ viewer { account } }';

function multipart(file: Buffer, filename = 'avatar.png') {
  const boundary = `----shop${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(
  h: GatewayHarness,
  auth: { jar?: CookieJar; bearer?: string },
  options: { size?: number; expectContinue?: boolean; origin?: string | null } = {},
) {
  const { body, contentType } = multipart(png({ comment: options.size }));
  const headers: Record<string, string> = { 'content-type': contentType };
  // A browser sends the page's Origin with every POST; the shop's page is the gateway's own origin.
  const origin = options.origin === undefined ? h.url : options.origin;
  if (origin) headers.origin = origin;
  if (auth.jar?.header()) headers.cookie = auth.jar.header();
  if (auth.bearer) headers.authorization = `Bearer ${auth.bearer}`;
  return rawRequest(h.url, {
    method: 'POST',
    path: UPLOAD,
    headers,
    body,
    expectContinue: options.expectContinue,
  });
}

const setCookiesOf = (res: { headers: Record<string, unknown> }) => {
  const raw = res.headers['set-cookie'];
  return Array.isArray(raw) ? (raw as string[]) : raw ? [String(raw)] : [];
};

describe('avatar upload through the gateway', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await startGatewayHarness({ serviceEnv: { ACCESS_TOKEN_TTL: '15m' } });
  });
  afterAll(() => h.close());

  async function cookieLogin(account = 'demo', password = 'demo123') {
    const jar = h.jar();
    const res = await h.gql(LOGIN, { input: { account, password } }, { jar });
    expect(res.errors).toBeUndefined();
    return jar;
  }

  async function bearerLogin(account = 'demo', password = 'demo123') {
    const res = await h.gql<any>(LOGIN, { input: { account, password, transport: 'BEARER' } });
    return res.data.login.sessionToken as string;
  }

  it('stores the file for a cookie session, and the stored picture is served back', async () => {
    const jar = await cookieLogin();
    const res = await upload(h, { jar });
    expect(res.status).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      data: { url: expect.stringMatching(/^\/service\/file\/down\?/) },
    });
    // The sealed cookie is never forwarded to the service, and nothing is renewed.
    expect(setCookiesOf(res)).toEqual([]);
    const picture = await rawRequest(h.url, { path: body.data.url });
    expect(picture.status).toBe(200);
    expect(picture.body.subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('stores the file for a bearer session', async () => {
    const token = await bearerLogin();
    const res = await upload(h, { bearer: token });
    expect(res.status).toBe(200);
    expect(res.json().success).toBe(true);
    expect(res.headers['x-session-token']).toBeUndefined();
  });

  it('refuses a cross-origin upload riding on the session cookie, before it reaches the service', async () => {
    const jar = await cookieLogin();
    h.resetServiceLog();
    for (const origin of ['https://evil.example', 'null', null]) {
      const res = await upload(h, { jar }, { origin });
      expect(res.status, String(origin)).toBe(403);
      expect(res.json()).toMatchObject({ success: false, message: 'gateway.crossSiteRequest' });
    }
    expect(h.serviceCalls(`POST ${UPLOAD}`)).toBe(0);
  });

  it('accepts a cookie upload without Origin when it carries a header a form cannot send', async () => {
    const jar = await cookieLogin();
    const { body, contentType } = multipart(png());
    const res = await rawRequest(h.url, {
      method: 'POST',
      path: UPLOAD,
      headers: { 'content-type': contentType, cookie: jar.header(), 'apollo-require-preflight': '1' },
      body,
    });
    expect(res.status).toBe(200);
    expect(res.json().success).toBe(true);
  });

  it('refuses an upload without a session with the service answer (please log in)', async () => {
    const res = await upload(h, {});
    expect(res.status).toBe(401);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'common.unauthenticated',
      alterMsg: '请先登录',
    });
  });

  it('accepts an Expect: 100-continue upload (as curl sends larger files)', async () => {
    const jar = await cookieLogin();
    const res = await upload(h, { jar }, { size: 300_000, expectContinue: true });
    expect(res.continued).toBe(true);
    expect(res.status).toBe(200);
    expect(res.json().success).toBe(true);
  });

  it('refreshes an expired access token of a cookie session, replays the upload and renews the cookie', async () => {
    const jar = await cookieLogin();
    h.service.clock.advance(16 * 60_000);
    h.resetServiceLog();
    const res = await upload(h, { jar }, { size: 200_000, expectContinue: true });
    expect(res.status).toBe(200);
    expect(res.json().success).toBe(true);
    expect(h.serviceCalls('POST /service/refresh-token')).toBe(1);
    expect(h.serviceCalls(`POST ${UPLOAD}`)).toBe(2);
    const renewed = setCookiesOf(res).find((c) => c.startsWith('shop_session='));
    expect(renewed).toMatch(/HttpOnly/);
    expect(res.headers['cache-control']).toBe('no-store');
    jar.update(setCookiesOf(res));
    // The renewed cookie carries a fresh access token: the next call needs no refresh.
    h.resetServiceLog();
    const me = await h.gql<any>(VIEWER, undefined, { jar });
    expect(me.data.viewer).toEqual({ account: 'demo' });
    expect(h.serviceCalls('POST /service/refresh-token')).toBe(0);
  });

  it('refreshes an expired access token of a bearer session and hands back the renewed token', async () => {
    const token = await bearerLogin();
    h.service.clock.advance(16 * 60_000);
    h.resetServiceLog();
    const res = await upload(h, { bearer: token });
    expect(res.status).toBe(200);
    expect(res.json().success).toBe(true);
    expect(h.serviceCalls('POST /service/refresh-token')).toBe(1);
    const renewed = res.headers['x-session-token'];
    expect(renewed).toEqual(expect.stringMatching(/\S{40,}/));
    expect(renewed).not.toBe(token);
    expect(setCookiesOf(res)).toEqual([]);
    h.resetServiceLog();
    const me = await h.gql<any>(VIEWER, undefined, { bearer: String(renewed) });
    expect(me.data.viewer).toEqual({ account: 'demo' });
    expect(h.serviceCalls('POST /service/refresh-token')).toBe(0);
  });

  it('ends the session when the login was revoked meanwhile (401, cookie cleared)', async () => {
    const jar = await cookieLogin();
    const stale = h.jar();
    stale.set('shop_session', jar.get()!);
    const out = await h.gql('mutation { logout { session { isAuthenticated } } }', undefined, { jar });
    expect(out.errors).toBeUndefined();
    const res = await upload(h, { jar: stale });
    expect(res.status).toBe(401);
    expect(res.json().success).toBe(false);
    expect(setCookiesOf(res).find((c) => c.startsWith('shop_session='))).toMatch(/Max-Age=0/i);
  });
});

describe('upload memory at the gateway', () => {
  it('holds at most 16 upload bodies at once; the next one is told to retry (503)', async () => {
    const h = await startGatewayHarness();
    const open: http.ClientRequest[] = [];
    try {
      const jar = h.jar();
      await h.gql(LOGIN, { input: { account: 'demo', password: 'demo123' } }, { jar });
      const { body, contentType } = multipart(png({ comment: 1000 }));
      const target = new URL(UPLOAD, h.url);
      const answers: Promise<number>[] = [];
      // 16 slow clients: headers and half of the body sent, the rest never comes.
      for (let i = 0; i < 16; i++) {
        const req = http.request({
          host: target.hostname,
          port: target.port,
          path: UPLOAD,
          method: 'POST',
          agent: false,
          headers: {
            cookie: jar.header(),
            origin: h.url,
            'content-type': contentType,
            'content-length': String(body.length),
          },
        });
        req.on('error', () => {});
        answers.push(new Promise((resolve) => req.on('response', (res) => resolve(res.statusCode ?? 0))));
        req.write(body.subarray(0, body.length / 2));
        open.push(req);
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      const refused = await upload(h, { jar });
      expect(refused.status).toBe(503);
      expect(refused.json()).toMatchObject({ message: 'gateway.busy', alterMsg: '系统繁忙，请稍后再试' });
      // Once a slow client finishes, its slot is free again.
      open[0].end(body.subarray(body.length / 2));
      expect(await answers[0]).toBe(200);
      const accepted = await upload(h, { jar });
      expect(accepted.status).toBe(200);
    } finally {
      for (const req of open) req.destroy();
      await h.close();
    }
  });
});

describe('upload size at the gateway', () => {
  it('refuses a body over the upload limit before it reaches the service (413)', async () => {
    const h = await startGatewayHarness({ gatewayEnv: { UPLOAD_MAX_BYTES: '4096' } });
    try {
      const jar = h.jar();
      await h.gql(LOGIN, { input: { account: 'demo', password: 'demo123' } }, { jar });
      h.resetServiceLog();
      const res = await upload(h, { jar }, { size: 200_000 });
      expect(res.status).toBe(413);
      expect(res.json()).toMatchObject({
        success: false,
        message: 'gateway.uploadTooLarge',
        alterMsg: '上传的文件过大',
      });
      expect(h.serviceCalls(`POST ${UPLOAD}`)).toBe(0);
    } finally {
      await h.close();
    }
  });

  it('lets a client read the 413 and its message, however much it sends before reading', async () => {
    const h = await startGatewayHarness({ gatewayEnv: { UPLOAD_MAX_BYTES: '4096' } });
    try {
      const jar = h.jar();
      await h.gql(LOGIN, { input: { account: 'demo', password: 'demo123' } }, { jar });
      h.resetServiceLog();
      const headers = { cookie: jar.header(), origin: h.url, 'accept-language': 'en-GB' };
      const refusal = {
        success: false,
        message: 'gateway.uploadTooLarge',
        alterMsg: 'The uploaded file is too large',
      };
      // undici (Node's fetch) sends a Buffer with its Content-Length.
      const { body, contentType } = multipart(png({ comment: 200_000 }));
      const res = await fetch(`${h.url}${UPLOAD}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': contentType },
        body,
      });
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject(refusal);
      // A client that reads nothing until its whole body is sent (an upload over a slow link): more
      // than the sockets' buffers hold, so a connection closed before the body was read is reset
      // under it, the refusal lost.
      const large = multipart(png({ comment: 20_000_000 }));
      const sentFirst = await sendThenRead(
        h.url,
        UPLOAD,
        { ...headers, 'content-type': large.contentType },
        large.body,
      );
      expect(sentFirst.error).toBeUndefined();
      expect(sentFirst.status).toBe(413);
      expect(JSON.parse(sentFirst.body)).toMatchObject(refusal);
      expect(h.serviceCalls(`POST ${UPLOAD}`)).toBe(0);
    } finally {
      await h.close();
    }
  });
});

/** A POST over a raw socket that reads the answer only once its whole body is written (or failed). */
function sendThenRead(
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
  body: Buffer,
): Promise<{ status: number; body: string; error?: string }> {
  const target = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = net.connect(Number(target.port), target.hostname);
    socket.pause();
    const chunks: Buffer[] = [];
    let error: string | undefined;
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (failure: NodeJS.ErrnoException) => {
      error ??= failure.code ?? failure.message;
    });
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, body: text.slice(text.indexOf('\r\n\r\n') + 4), error });
    });
    const head = Object.entries({ ...headers, host: target.host, 'content-length': String(body.length) })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(`POST ${path} HTTP/1.1\r\n${head}connection: close\r\n\r\n`);
    socket.write(body, () => socket.resume());
  });
}
