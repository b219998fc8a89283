/**
 * What a page form sent without JavaScript is answered when its input or its address is not one
 * the shop takes: a `redirect` with non-ASCII, control characters or another site in any spelling
 * becomes a same-site path or /home (never a 500), the session cookie is set once however many
 * operations the render ran, and a POST to a page without a form is 405 with `Allow`.
 *
 * The stand-in server entry signs in through the gateway's own schema, then reads the session
 * four times as a page's shell does, and answers the form's `redirect` exactly as typed: what
 * reaches the browser is the gateway's doing.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type GatewayHarness, startGatewayHarness } from './harness.ts';
import { standInBuild } from './stand-in-build.ts';

declare global {
  var __formRefusalsRendered: string[] | undefined;
}

const STUB_BUNDLE = `
export const acceptsForm = (path) => path === '/login';
export async function render(input) {
  const url = new URL(input.request.url);
  (globalThis.__formRefusalsRendered ??= []).push(input.request.method + ' ' + url.pathname);
  if (input.request.method !== 'POST') return { kind: 'redirect', status: 302, location: '/login' };
  const form = new URLSearchParams(await input.request.text());
  await input.execute({
    query: 'mutation FormLogin($input: LoginInput!) { login(input: $input) { userErrors { message } } }',
    variables: { input: { account: form.get('account'), password: form.get('password') } },
    operationName: 'FormLogin',
  });
  for (let read = 0; read < 4; read += 1)
    await input.execute({ query: 'query Session { session { isAuthenticated } }', operationName: 'Session' });
  return { kind: 'redirect', status: 303, location: form.get('redirect') };
}
`;

const FORM = 'application/x-www-form-urlencoded';

describe('page forms: redirects and methods', () => {
  let h: GatewayHarness;
  let build: ReturnType<typeof standInBuild>;
  const rendered = () => globalThis.__formRefusalsRendered ?? [];

  beforeAll(async () => {
    build = standInBuild(STUB_BUNDLE);
    h = await startGatewayHarness({
      gatewayEnv: { WEB_DIST: build.dist, WEB_SSR: '1', WEB_SSR_BUNDLE: build.bundle },
    });
  });
  afterAll(async () => {
    await h?.close();
    fs.rmSync(build.dist, { recursive: true, force: true });
  });
  beforeEach(() => {
    globalThis.__formRefusalsRendered = [];
  });

  const login = (redirect: string) =>
    h.http
      .post('/login')
      .set('origin', h.url)
      .set('content-type', FORM)
      .send(new URLSearchParams({ account: 'demo', password: 'demo123', redirect }).toString());

  const sessionCookies = (header: string[] | string | undefined) =>
    ([] as string[]).concat(header ?? []).filter((cookie) => cookie.startsWith('shop_session='));

  it('signs in and follows a Chinese search address, percent-encoded, with one session cookie', async () => {
    const res = await login('/category/search-result?keyword=手机');
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/category/search-result?keyword=%E6%89%8B%E6%9C%BA');
    const cookies = sessionCookies(res.headers['set-cookie']);
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(/^shop_session=[^;]+;.*HttpOnly/i);
  });

  it.each([
    '/cart\r\nSet-Cookie: planted=1',
    '/cart%0d%0aSet-Cookie:%20planted=1',
    '/\\evil.example',
    '/%2F%2Fevil.example',
    '/\t/evil.example',
    '//evil.example',
    'https://evil.example/',
    '/%zz',
  ])('sends %j home: never another site, a split header or a 500', async (redirect) => {
    const res = await login(redirect);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/home');
    expect(sessionCookies(res.headers['set-cookie'])).toHaveLength(1);
    expect(([] as string[]).concat(res.headers['set-cookie'] ?? []).join('\n')).not.toContain('planted');
  });

  it.each(['/', '/home', '/category/search-result?keyword=x'])(
    'answers a POST to %s, a page without a form, 405 with Allow: nothing is rendered',
    async (address) => {
      const res = await h.http.post(address).set('origin', h.url).set('content-type', FORM).send('a=1');
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.text).toBe('此页面没有可提交的表单。');
      expect(rendered()).toEqual([]);
    },
  );

  it('says so in English to an English browser, whatever the form is or where it came from', async () => {
    const res = await h.http
      .post('/home')
      .set('origin', 'https://evil.example')
      .set('accept-language', 'en-GB,en;q=0.9')
      .set('content-type', 'application/json')
      .send('{}');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect(res.headers['content-language']).toBe('en-GB');
    expect(res.text).toBe('This page has no form to send.');
  });
});

describe('page addresses without a server render', () => {
  let h: GatewayHarness;
  let build: ReturnType<typeof standInBuild>;

  beforeAll(async () => {
    build = standInBuild('export async function render() { throw new Error("not used"); }');
    h = await startGatewayHarness({ gatewayEnv: { WEB_DIST: build.dist, WEB_SSR: '0' } });
  });
  afterAll(async () => {
    await h?.close();
    fs.rmSync(build.dist, { recursive: true, force: true });
  });

  it('answers a POST or DELETE to a page 405 with Allow, and leaves /graphql and /service alone', async () => {
    for (const method of ['post', 'delete'] as const) {
      const res = await h.http[method]('/home').set('origin', h.url);
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD');
    }
    expect((await h.http.get('/home').set('accept', 'text/html')).status).toBe(200);
    expect((await h.http.post('/service/nowhere').set('origin', h.url)).status).not.toBe(405);
  });
});
