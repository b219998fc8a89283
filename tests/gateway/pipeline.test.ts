// biome-ignore-all lint/suspicious/noExplicitAny: GraphQL answers are asserted field by field
/**
 * One pipeline through /graphql: every GraphQL request — POST, GET, a response-cache hit, the
 * server render's in-process operations — runs inside Apollo's request pipeline, so a plugin sees
 * each one; the render's public operations share the response cache with HTTP requests (a public
 * query reaches the service once, whoever asks it and whether signed in or not); one body limit.
 * The web build is a stand-in whose server entry runs one public query and answers a redirect
 * that carries what it read, so no `npm run build` is needed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayHarness, hasLogin, startGatewayHarness } from './harness.ts';

const PUBLIC_QUERY = 'query RenderCategories { categories { id name } }';

function fakeWebBuild(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-pipeline-dist-'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(
    path.join(dist, 'entry-server.js'),
    `export async function render(input) {
      const result = await input.execute({ query: ${JSON.stringify(PUBLIC_QUERY)}, operationName: 'RenderCategories' });
      const count = result.data ? result.data.categories.length : -1;
      return { kind: 'redirect', status: 302, location: '/rendered?categories=' + count };
    }\n`,
  );
  return dist;
}

describe('gateway: one pipeline for every GraphQL request', () => {
  let h: GatewayHarness;
  let dist: string;
  const seen: string[] = [];

  beforeAll(async () => {
    dist = fakeWebBuild();
    h = await startGatewayHarness({
      gatewayEnv: { WEB_DIST: dist, WEB_SSR_BUNDLE: path.join(dist, 'entry-server.js') },
      plugins: [
        {
          async requestDidStart() {
            return {
              async didResolveOperation({ operationName }) {
                seen.push(operationName ?? '?');
              },
            };
          },
        },
      ],
    });
  });
  afterAll(async () => {
    await h.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const render = (headers: Record<string, string>) =>
    request(`${h.url}/home`, { headers: { accept: 'text/html', 'accept-language': 'zh-CN', ...headers } });

  it('lets a plugin see POST, GET, cache hits and the render alike; the render shares public answers', async () => {
    seen.length = 0;
    h.resetServiceLog();
    const first = await h.gql<any>(PUBLIC_QUERY, undefined, { headers: { 'accept-language': 'zh-CN' } });
    expect(first.errors).toBeUndefined();
    expect(first.upstreamCalls).toBe(1);
    const reached = h.serviceLog.length;
    expect(reached).toBe(1);

    // the render's in-process operation is a hit of the entry the HTTP request left
    const page = await render({});
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe(`/rendered?categories=${first.data.categories.length}`);
    await page.body.dump();
    expect(h.serviceLog.length).toBe(reached);

    // a GET over HTTP is a hit of the same entry too
    const get = await request(
      `${h.url}/graphql?query=${encodeURIComponent(PUBLIC_QUERY)}&operationName=RenderCategories`,
      { headers: { 'accept-language': 'zh-CN', 'apollo-require-preflight': '1' } },
    );
    const body = JSON.parse(await get.body.text());
    expect(get.statusCode).toBe(200);
    expect(body.extensions.upstreamCalls).toBe(0);
    expect(seen).toEqual(['RenderCategories', 'RenderCategories', 'RenderCategories']);
  });

  it('lets a signed-in render ask the service nothing for public data another visitor fetched', async () => {
    if (!(await hasLogin(h))) throw new Error('the service has no login');
    const jar = h.jar();
    const login = await h.gql<any>(
      'mutation($i: LoginInput!) { login(input: $i) { session { isAuthenticated } } }',
      { i: { account: 'demo', password: 'demo123' } },
      { jar },
    );
    expect(login.errors).toBeUndefined();
    // another language: an entry of its own, filled by an anonymous render
    const anonymous = await render({ 'accept-language': 'en-GB' });
    await anonymous.body.dump();
    h.resetServiceLog();
    const signedIn = await render({ 'accept-language': 'en-GB', cookie: jar.header() });
    expect(signedIn.statusCode).toBe(302);
    expect(String(signedIn.headers.location)).toMatch(/categories=[1-9]/);
    await signedIn.body.dump();
    expect(h.serviceLog).toEqual([]);
  });
});

describe('gateway: one body limit on every path', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await startGatewayHarness({ gatewayEnv: { GATEWAY_BODY_LIMIT: '1.5mb' } });
  });
  afterAll(() => h.close());

  /** A GraphQL POST of exactly `size` bytes (the padding is an unused variable). */
  const post = (size: number) => {
    const empty = JSON.stringify({ query: '{ __typename }', variables: { pad: '' } });
    const body = JSON.stringify({
      query: '{ __typename }',
      variables: { pad: 'x'.repeat(size - empty.length) },
    });
    expect(body.length).toBe(size);
    return request(`${h.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
  };

  it('accepts a body of 1.5 MB when GATEWAY_BODY_LIMIT is 1.5mb', async () => {
    const res = await post(1.5 * 1024 * 1024);
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(await res.body.text()).data.__typename).toBe('Query');
  });

  it('refuses one byte more with 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await post(1.5 * 1024 * 1024 + 1);
    expect(res.statusCode).toBe(413);
    expect(JSON.parse(await res.body.text()).errors[0].extensions.code).toBe('PAYLOAD_TOO_LARGE');
  });
});
