/**
 * The pages' forms sent without JavaScript (web-server/src/form-posts.ts): a POST to a page route
 * reaches the server render only from this site (the CSRF rule of session/csrf.ts), as a
 * urlencoded body within the size limit; anything else is refused before the render, and so before
 * any operation, runs. A server bundle standing in for the web app's records what reached it and
 * signs in through the gateway's own schema, so the answer's Set-Cookie is the real session's.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type GatewayHarness, startGatewayHarness } from './harness.ts';

interface Seen {
  method: string;
  path: string;
  body: string;
}

declare global {
  var __formPostsSeen: Seen[] | undefined;
}

/** The stand-in server entry: records each render and runs the login the form asks for. */
const STUB_BUNDLE = `
export async function render(input) {
  const url = new URL(input.request.url);
  const body = input.request.method === 'POST' ? await input.request.text() : '';
  (globalThis.__formPostsSeen ??= []).push({ method: input.request.method, path: url.pathname, body });
  if (input.request.method !== 'POST') return { kind: 'redirect', status: 302, location: '/home' };
  const form = new URLSearchParams(body);
  const result = await input.execute({
    query: 'mutation FormLogin($input: LoginInput!) { login(input: $input) { userErrors { message } } }',
    variables: { input: { account: form.get('account'), password: form.get('password') } },
    operationName: 'FormLogin',
  });
  const refused = (result.data?.login?.userErrors ?? []).length > 0 || result.errors;
  return { kind: 'redirect', status: 303, location: refused ? '/login?failed' : '/home' };
}
`;

const LOGIN = 'POST /service/shop/shop-user/login';
const FORM = 'application/x-www-form-urlencoded';
const credentials = 'account=demo&password=demo123';

describe('page forms sent without JavaScript', () => {
  let h: GatewayHarness;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-form-posts-'));
  const seen = () => globalThis.__formPostsSeen ?? [];

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
      },
    });
  });
  afterAll(async () => {
    await h.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    globalThis.__formPostsSeen = [];
    h.resetServiceLog();
  });

  it('refuses a form from another site with 403: nothing is rendered or sent to the service', async () => {
    const res = await h.http
      .post('/login')
      .set('origin', 'https://evil.example')
      .set('content-type', FORM)
      .send(credentials);
    expect(res.status).toBe(403);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(seen()).toEqual([]);
    expect(h.serviceCalls(LOGIN)).toBe(0);
  });

  it('refuses a form that says nothing of where it was (no Origin, no Referer), or Origin null', async () => {
    const bare = await h.http.post('/login').set('content-type', FORM).send(credentials);
    expect(bare.status).toBe(403);
    const opaque = await h.http
      .post('/login')
      .set('origin', 'null')
      .set('referer', `${h.url}/login`)
      .set('content-type', FORM)
      .send(credentials);
    expect(opaque.status).toBe(403);
    const elsewhere = await h.http
      .post('/login')
      .set('referer', 'https://evil.example/login')
      .set('content-type', FORM)
      .send(credentials);
    expect(elsewhere.status).toBe(403);
    expect(seen()).toEqual([]);
    expect(h.serviceCalls(LOGIN)).toBe(0);
  });

  it('renders a same-origin form with its body: the login signs in and the redirect sets the session', async () => {
    const res = await h.http.post('/login').set('origin', h.url).set('content-type', FORM).send(credentials);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/home');
    expect(res.headers['cache-control']).toBe('no-store');
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    expect(cookies.some((cookie) => /^shop_session=[^;]+;.*HttpOnly/i.test(cookie))).toBe(true);
    expect(seen()).toEqual([{ method: 'POST', path: '/login', body: credentials }]);
    expect(h.serviceCalls(LOGIN)).toBe(1);
  });

  it('takes the public origin, or a Referer of this site when the browser leaves Origin out', async () => {
    const publicOrigin = await h.http
      .post('/login')
      .set('origin', h.config.publicOrigin)
      .set('content-type', FORM)
      .send('account=demo&password=wrong-one');
    expect(publicOrigin.status).toBe(303);
    expect(publicOrigin.headers.location).toBe('/login?failed');
    expect(publicOrigin.headers['set-cookie']).toBeUndefined();
    const referred = await h.http
      .post('/login')
      .set('referer', `${h.url}/login?redirect=/cart`)
      .set('content-type', FORM)
      .send(credentials);
    expect(referred.status).toBe(303);
    expect(seen().map((entry) => entry.method)).toEqual(['POST', 'POST']);
  });

  it('takes only urlencoded forms within the size limit', async () => {
    const json = await h.http
      .post('/login')
      .set('origin', h.url)
      .set('content-type', 'application/json')
      .send(JSON.stringify({ account: 'demo', password: 'demo123' }));
    expect(json.status).toBe(415);
    const huge = await h.http
      .post('/login')
      .set('origin', h.url)
      .set('content-type', FORM)
      .send(`account=demo&password=${'x'.repeat(20_000)}`);
    expect(huge.status).toBe(413);
    expect(seen()).toEqual([]);
    expect(h.serviceCalls(LOGIN)).toBe(0);
  });

  it('refuses a form whose text is not well-formed, raw or percent-escaped: nothing is rendered', async () => {
    const bodies = [
      Buffer.from([...Buffer.from('account=demo'), 0xff, 0xfe, ...Buffer.from('&password=demo123')]),
      Buffer.from([...Buffer.from('account='), 0xc0, 0xaf, ...Buffer.from('&password=demo123')]),
      Buffer.from('account=demo%FF&password=demo123'),
      Buffer.from('account=a%ED%A0%80b&password=demo123'),
    ];
    for (const body of bodies) {
      const res = await h.http
        .post('/login')
        .set('origin', h.url)
        .set('content-type', FORM)
        .set('accept-language', 'en-GB')
        .serialize((raw: unknown) => raw as string)
        .send(body);
      expect(res.status, body.toString('latin1')).toBe(400);
      expect(res.text).toBe('The form contains text that is not valid Unicode.');
    }
    expect(seen()).toEqual([]);
    expect(h.serviceCalls(LOGIN)).toBe(0);
    const fine = await h.http
      .post('/login')
      .set('origin', h.url)
      .set('content-type', FORM)
      .send(`account=${encodeURIComponent('李𠮷')}&password=demo123`);
    expect(fine.status).toBe(303);
  });

  it("tells browsers to send this site's own Origin with its forms (and nothing to other sites)", async () => {
    // Under `no-referrer` a browser sends `Origin: null` even with a same-origin form, which the
    // rule above must refuse.
    const res = await h.http.get('/login').set('accept', 'text/html');
    expect(res.headers['referrer-policy']).toBe('same-origin');
  });

  it('leaves the API alone: /graphql and /service keep their own rules', async () => {
    const res = await h.http
      .post('/graphql')
      .set('origin', 'https://evil.example')
      .set('content-type', FORM)
      .send('query={__typename}');
    expect(res.status).toBe(400);
    expect(seen()).toEqual([]);
  });
});
