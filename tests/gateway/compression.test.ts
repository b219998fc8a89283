/**
 * Compression and caching of what the gateway serves: the web build's pre-compressed assets by
 * content negotiation, index.html per landing route (revalidated, 304 on If-None-Match, the
 * screen's chunk preloaded) and GraphQL answers compressed on the fly above a small size.
 * The web build is a small stand-in folder pre-compressed by the build's own step
 * (scripts/precompress.ts), so the suite does not need `npm run build`; its server entry knows the
 * route table's screens (routeModules) and renders nothing, so every page is index.html.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { parse as parseCacheControl } from '@tusbar/cache-control';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/precompress.ts';
import { type GatewayHarness, startGatewayHarness } from './harness.ts';

const ENTRY = 'assets/index-AbCdEf12.js';
const HOME = 'assets/HomePage-Zy98Xw76.js';
const SHARED = 'assets/Page-Qq11Rr22.js';

function fakeWebBuild(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.mkdirSync(path.join(dist, '.vite'));
  const js = (name: string) => `export const ${name} = ${JSON.stringify('商品 product '.repeat(400))};\n`;
  fs.writeFileSync(path.join(dist, ENTRY), js('entry'));
  fs.writeFileSync(path.join(dist, HOME), js('home'));
  fs.writeFileSync(path.join(dist, SHARED), js('page'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html>\n<html lang="zh-CN">\n  <head>\n    <title>乐购商城</title>\n` +
      `    <script type="module" crossorigin src="/${ENTRY}"></script>\n  </head>\n` +
      `  <body>\n    <div id="root"></div>\n${'    <!-- padding so the page is worth compressing -->\n'.repeat(10)}  </body>\n</html>\n`,
  );
  fs.writeFileSync(
    path.join(dist, '.vite/manifest.json'),
    JSON.stringify({
      'index.html': { file: ENTRY, isEntry: true, src: 'index.html' },
      'src/pages/home/HomePage.tsx': {
        file: HOME,
        isDynamicEntry: true,
        imports: ['index.html', '_Page.js'],
      },
      '_Page.js': { file: SHARED },
    }),
  );
  precompressDir(dist);
  fs.mkdirSync(path.join(dist, 'ssr'));
  fs.writeFileSync(
    path.join(dist, 'ssr/entry-server.js'),
    `export const routeModules = (path) => (path === '/home' ? ['src/pages/home/HomePage.tsx'] : []);\n` +
      `export async function render() { throw new Error('this stand-in renders no page'); }\n`,
  );
  return dist;
}

function decode(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'br') return zlib.brotliDecompressSync(body);
  if (encoding === 'gzip') return zlib.gunzipSync(body);
  return body;
}

describe('gateway: compression and caching of the web app and answers', () => {
  let h: GatewayHarness;
  let dist: string;

  async function get(url: string, headers: Record<string, string>) {
    const res = await request(`${h.url}${url}`, { headers });
    const body = Buffer.from(await res.body.arrayBuffer());
    return { status: res.statusCode, headers: res.headers as Record<string, string | undefined>, body };
  }

  beforeAll(async () => {
    dist = fakeWebBuild();
    h = await startGatewayHarness({
      gatewayEnv: { WEB_DIST: dist, WEB_SSR_BUNDLE: path.join(dist, 'ssr/entry-server.js') },
    });
  });
  afterAll(async () => {
    await h.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves the pre-compressed brotli asset to a client that accepts br, with Vary and immutable caching', async () => {
    const original = fs.readFileSync(path.join(dist, ENTRY));
    const res = await get(`/${ENTRY}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(parseCacheControl(res.headers['cache-control'])).toMatchObject({
      public: true,
      maxAge: 31_536_000,
      immutable: true,
    });
    expect(res.body.equals(fs.readFileSync(path.join(dist, `${ENTRY}.br`)))).toBe(true);
    expect(res.body.length).toBeLessThan(original.length / 4);
    expect(decode(res.body, 'br').equals(original)).toBe(true);
  });

  it('serves gzip when brotli is not accepted (or refused with q=0)', async () => {
    const original = fs.readFileSync(path.join(dist, ENTRY));
    for (const accept of ['gzip', 'br;q=0, gzip;q=0.8']) {
      const res = await get(`/${ENTRY}`, { 'accept-encoding': accept });
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(res.body, 'gzip').equals(original)).toBe(true);
    }
  });

  it('serves the identity bytes to a client that accepts no compression, still varying on it', async () => {
    const original = fs.readFileSync(path.join(dist, ENTRY));
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const res = await get(`/${ENTRY}`, headers);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body.equals(original)).toBe(true);
    }
  });

  it('serves index.html for a route revalidated (no-cache, ETag, 304) and preloading the screen chunk', async () => {
    const first = await get('/home', { accept: 'text/html', 'accept-encoding': 'br' });
    expect(first.status).toBe(200);
    expect(parseCacheControl(first.headers['cache-control']).noCache).toBe(true);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toMatch(/accept-encoding/i);
    const html = decode(first.body, 'br').toString('utf8');
    expect(html).toContain(`<link rel="modulepreload" crossorigin href="/${HOME}">`);
    expect(html).toContain(`<link rel="modulepreload" crossorigin href="/${SHARED}">`);
    // the entry is already loaded by its script tag: not preloaded a second time
    expect(html).not.toContain(`rel="modulepreload" crossorigin href="/${ENTRY}"`);
    const etag = first.headers.etag!;
    expect(etag).toBeTruthy();

    const again = await get('/home', { accept: 'text/html', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);

    // another route's page does not preload the home screen
    const login = await get('/login', { accept: 'text/html' });
    expect(login.status).toBe(200);
    expect(login.body.toString('utf8')).not.toContain(HOME);
    expect(login.headers.etag).not.toBe(etag);
  });

  it('serves index.html in the language of the shop_locale cookie, else Accept-Language, varying on both', async () => {
    const lang = async (headers: Record<string, string>) => {
      const res = await get('/home', { accept: 'text/html', ...headers });
      expect(res.headers.vary).toMatch(/cookie/i);
      expect(res.headers.vary).toMatch(/accept-language/i);
      const html = res.body.toString('utf8');
      const meta = /<meta name="shop-locale" content="([^"]+)">/.exec(html)?.[1];
      expect(html).toContain(`<html lang="${meta}"`);
      return { locale: meta, etag: res.headers.etag };
    };
    const chinese = await lang({});
    expect(chinese.locale).toBe('zh-CN');
    const english = await lang({ 'accept-language': 'en-GB,en;q=0.9' });
    expect(english.locale).toBe('en-GB');
    expect(english.etag).not.toBe(chinese.etag);
    expect((await lang({ 'accept-language': 'en-GB', cookie: 'a=1; shop_locale=zh-CN' })).locale).toBe(
      'zh-CN',
    );
    expect((await lang({ 'accept-language': 'zh-CN', cookie: 'shop_locale=en-GB' })).locale).toBe('en-GB');
  });

  it('compresses GraphQL answers above the threshold and leaves small ones alone', async () => {
    const query = '{ products(page: { pageSize: 20 }) { records { id name description image images } } }';
    const post = (encoding: string) =>
      request(`${h.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-encoding': encoding },
        body: JSON.stringify({ query }),
      });
    const identity = await post('identity');
    const plain = Buffer.from(await identity.body.arrayBuffer());
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(plain.length).toBeGreaterThan(1024);
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await post(encoding);
      const body = Buffer.from(await res.body.arrayBuffer());
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(body.length).toBeLessThan(plain.length / 2);
      const answer = JSON.parse(decode(body, encoding).toString('utf8'));
      expect(answer.data.products.records.length).toBeGreaterThan(0);
    }
    const small = await request(`${h.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'br' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(await small.body.text()).data.__typename).toBe('Query');
  });
});
