// biome-ignore-all lint/suspicious/noExplicitAny: GraphQL answers are asserted field by field
/**
 * What a GraphQL GET tells browsers and the edge (nginx, deploy/nginx.conf): the web app's
 * persisted query asked anonymously is `public` with the SDL's max-age, varies by language and is
 * marked for the edge (`X-Accel-Expires`, `X-Accel-Buffering: yes`); the same GET carrying a
 * session is `no-store` and unmarked; a POST is never marked; a GET without a non-simple header
 * is refused by Apollo's CSRF prevention (the web client sends `apollo-require-preflight`). A
 * public page (rendered, and from the page cache) is marked the same way; a personal one is not.
 * The pages' server entry is a stand-in (no `npm run build`).
 */
import fs from 'node:fs';
import { parse as parseCacheControl } from '@tusbar/cache-control';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { edgeHeaders, edgeSeconds } from '../../common/edge-cache.ts';
import { type GatewayHarness, hasLogin, startGatewayHarness } from './harness.ts';
import { operation } from './manifest-operations.ts';
import { standInBuild } from './stand-in-build.ts';

const CATEGORIES = operation('CategoriesPage');

/** The web client's GET of a persisted query: hash only, no text. */
function persistedGet(name: string, id: string): string {
  const params = new URLSearchParams({
    operationName: name,
    variables: '{}',
    extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: id } }),
  });
  return `/graphql?${params}`;
}

describe('edge marks: seconds', () => {
  it('keeps an answer at the edge one second less than it has left, and never past the edge lifetime', () => {
    expect(edgeSeconds(30, 1)).toBe(1);
    expect(edgeSeconds(30, 10)).toBe(10);
    expect(edgeSeconds(3.9, 5)).toBe(2);
    expect(edgeSeconds(2, 1)).toBe(1);
    expect(edgeSeconds(1, 1)).toBe(0);
    expect(edgeSeconds(30, 0)).toBe(0);
    expect(edgeHeaders(30, 1)).toEqual({ 'x-accel-expires': '1', 'x-accel-buffering': 'yes' });
    expect(edgeHeaders(1, 1)).toEqual({});
    expect(edgeHeaders(undefined, 1)).toEqual({});
  });
});

describe('edge marks: GraphQL over GET', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await startGatewayHarness({ gatewayEnv: { GATEWAY_EDGE_MAX_AGE: '1s' } });
  });
  afterAll(() => h.close());

  const get = (headers: Record<string, string> = {}) => {
    let req = h.http.get(persistedGet(CATEGORIES.name, CATEGORIES.id));
    for (const [name, value] of Object.entries({ 'apollo-require-preflight': 'true', ...headers }))
      req = req.set(name, value);
    return req;
  };

  it('answers an anonymous persisted GET public, varying by language, and marks it for the edge', async () => {
    const zh = await get({ 'accept-language': 'zh-CN' });
    expect(zh.status).toBe(200);
    expect(zh.body.errors).toBeUndefined();
    expect(zh.body.data.categories.length).toBeGreaterThan(0);
    const policy = parseCacheControl(String(zh.headers['cache-control']));
    expect(policy.public).toBe(true);
    expect(policy.maxAge).toBeGreaterThan(1);
    expect(String(zh.headers.vary)).toMatch(/accept-language/i);
    expect(zh.headers['x-accel-expires']).toBe('1');
    expect(zh.headers['x-accel-buffering']).toBe('yes');
    const en = await get({ 'accept-language': 'en-GB' });
    expect(en.headers['x-accel-expires']).toBe('1');
    expect(en.body.data.categories[0].name).not.toBe(zh.body.data.categories[0].name);
  });

  it('never answers a request carrying a session public, nor marks it', async () => {
    if (!(await hasLogin(h))) throw new Error('the service has no login');
    const jar = h.jar();
    const login = await h.gql<any>(
      'mutation($i: LoginInput!) { login(input: $i) { session { isAuthenticated } } }',
      { i: { account: 'demo', password: 'demo123' } },
      { jar },
    );
    expect(login.errors).toBeUndefined();
    const signedIn = await get({ cookie: jar.header() ?? '' });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.categories.length).toBeGreaterThan(0);
    expect(parseCacheControl(String(signedIn.headers['cache-control']))).toMatchObject({ noStore: true });
    expect(signedIn.headers['x-accel-expires']).toBeUndefined();
    // A session cookie the gateway cannot open, and a bearer, make the request personal all the same.
    const personal: Record<string, string>[] = [
      { cookie: 'shop_session=not-a-session' },
      { authorization: 'Bearer nothing' },
    ];
    for (const headers of personal) {
      const res = await get(headers);
      expect(String(res.headers['cache-control'])).not.toMatch(/public/);
      expect(res.headers['x-accel-expires']).toBeUndefined();
    }
  });

  it('never marks a POST, and refuses a GET without a non-simple header (CSRF prevention)', async () => {
    const post = await h.http
      .post('/graphql')
      .set('content-type', 'application/json')
      .send({
        operationName: CATEGORIES.name,
        variables: {},
        extensions: { persistedQuery: { version: 1, sha256Hash: CATEGORIES.id } },
      });
    expect(post.status).toBe(200);
    expect(parseCacheControl(String(post.headers['cache-control'])).public).toBe(true);
    expect(post.headers['x-accel-expires']).toBeUndefined();

    const simple = await h.http.get(persistedGet(CATEGORIES.name, CATEGORIES.id));
    expect(simple.status).toBe(400);
    expect(simple.headers['x-accel-expires']).toBeUndefined();
  });
});

describe('edge marks: pages', () => {
  let h: GatewayHarness;
  let dist: string;
  let bundle: string;
  beforeAll(async () => {
    ({ dist, bundle } = standInBuild(`
export const renderCookies = [];
export async function render(input) {
  const url = new URL(input.request.url);
  return {
    kind: 'page',
    status: 200,
    head: { title: 'page', description: '', canonical: url.href, alternates: [], meta: [] },
    modules: [],
    styles: '',
    complete: true,
    apolloState: () => ({}),
    pipe: (into) => into.end('<p>' + url.pathname + '</p>'),
  };
}
`));
    h = await startGatewayHarness({
      gatewayEnv: { WEB_DIST: dist, WEB_SSR_BUNDLE: bundle, GATEWAY_EDGE_MAX_AGE: '1s' },
    });
  });
  afterAll(async () => {
    await h?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });
  const page = (address: string, headers: Record<string, string> = {}) =>
    fetch(`${h.url}${address}`, { headers: { accept: 'text/html', ...headers } });

  it("marks a visitor's page for the edge, rendered or stored, and never a personal one", async () => {
    const rendered = await page('/home?edge=1');
    expect(rendered.status).toBe(200);
    expect(rendered.headers.get('server-timing')).toMatch(/^render;/);
    expect(parseCacheControl(rendered.headers.get('cache-control') ?? '').public).toBe(true);
    expect(rendered.headers.get('x-accel-expires')).toBe('1');
    expect(rendered.headers.get('x-accel-buffering')).toBe('yes');
    const stored = await page('/home?edge=1');
    expect(stored.headers.get('server-timing')).toBe('page-cache;desc=hit');
    expect(stored.headers.get('x-accel-expires')).toBe('1');

    const personal = await page('/home?edge=1', { cookie: 'shop_session=not-a-session' });
    expect(personal.status).toBe(200);
    expect(parseCacheControl(personal.headers.get('cache-control') ?? '').public).toBeFalsy();
    expect(personal.headers.get('x-accel-expires')).toBeNull();
    expect(personal.headers.get('x-accel-buffering')).toBeNull();
  });
});
