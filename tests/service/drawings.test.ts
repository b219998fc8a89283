/**
 * The drawn pictures (product, category and home cards) as SVG: compressed for the clients that
 * accept it, the same drawing in every encoding, revalidated by a weak ETag; raster variants and
 * clients that accept no encoding get the bytes as they are. Read over a real socket, since an
 * HTTP client library would undo the encoding before the test could see it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from './harness.ts';

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

let service: TestService;
let server: http.Server;

function rawGet(address: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: address, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

beforeAll(async () => {
  service = await startTestService();
  server = http.createServer(service.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await service?.close();
});

const DRAWINGS = [
  '/service/static/products/1.svg?lang=zh-CN',
  '/service/static/products/1-2.svg?lang=en-GB',
  '/service/static/categories/digital.svg?lang=en-GB',
  '/service/shop/card/image/banner-new-season.svg?lang=zh-CN',
  '/service/shop/card/image/service-genuine.svg?lang=en-GB',
];

describe('drawn pictures on the wire', () => {
  it.each(DRAWINGS)(
    '%s goes out in brotli at about half, and decodes to the very same drawing',
    async (address) => {
      const plain = await rawGet(address);
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(plain.body.toString()).toContain('<svg');

      const br = await rawGet(address, { 'accept-encoding': 'br, gzip' });
      expect(br.status).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/Accept-Language/i);
      expect(br.headers.vary).toMatch(/Accept-Encoding/i);
      expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
      expect(br.body.length).toBeLessThan(plain.body.length * 0.6);

      const gzip = await rawGet(address, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    },
  );

  it('one weak ETag for every encoding of a drawing: a revalidation is a 304 whichever was stored', async () => {
    const address = DRAWINGS[0];
    const plain = await rawGet(address);
    const br = await rawGet(address, { 'accept-encoding': 'br' });
    expect(plain.headers.etag).toMatch(/^W\/"/);
    expect(br.headers.etag).toBe(plain.headers.etag);
    const again = await rawGet(address, {
      'accept-encoding': 'br',
      'if-none-match': String(plain.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    // the other language is another drawing, with another tag
    const english = await rawGet(address.replace('zh-CN', 'en-GB'));
    expect(english.headers.etag).not.toBe(plain.headers.etag);
  });

  it('a raster variant goes out as encoded, never compressed again', async () => {
    const avif = await rawGet(`${DRAWINGS[0]}&w=200&fm=avif`, { 'accept-encoding': 'br, gzip' });
    expect(avif.status).toBe(200);
    expect(avif.headers['content-type']).toBe('image/avif');
    expect(avif.headers['content-encoding']).toBeUndefined();
  });
});
