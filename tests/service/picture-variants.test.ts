import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variantFile } from '../../service/src/modules/files/variants.ts';
import { startTestService, type TestService } from './harness.ts';
import { png } from './png-fixture.ts';
import { createSession } from './session-fixture.ts';

/** Collects a binary answer (supertest leaves most non-JSON bodies unparsed). */
const binary = (res: unknown, done: (error: Error | null, body: Buffer) => void) => {
  const stream = res as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
};

describe('picture variants', () => {
  let service: TestService;
  const get = (address: string) => service.http.get(address).buffer(true).parse(binary);
  const picturesDir = () => path.join(service.config.dataDir, 'pictures');

  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(() => service.close());

  it.each([
    ['/service/static/products/1.svg?lang=zh-CN&w=400&fm=webp', 'image/webp', 'webp', 400, 400],
    ['/service/static/products/1-2.svg?lang=en-GB&w=200&fm=avif', 'image/avif', 'heif', 200, 200],
    ['/service/static/categories/digital.svg?lang=zh-CN&w=800&fm=jpg', 'image/jpeg', 'jpeg', 800, 800],
    [
      '/service/shop/card/image/banner-new-season.svg?lang=zh-CN&w=1200&fm=jpg',
      'image/jpeg',
      'jpeg',
      1200,
      480,
    ],
    ['/service/shop/card/image/promo-weekly-picks.svg?w=400&fm=png', 'image/png', 'png', 400, 222],
  ])('%s is a %s of %ipx, served immutable', async (address, type, format, width, height) => {
    const res = await get(address);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(new RegExp(`^${type}`));
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(res.body as Buffer).metadata();
    expect(meta.format).toBe(format);
    expect(meta.width).toBe(width);
    expect(meta.height).toBe(height);
  });

  it('a variant is much smaller than the same picture as PNG at full width', async () => {
    const avif = (await get('/service/static/products/2.svg?lang=zh-CN&w=400&fm=avif')).body as Buffer;
    const big = (await get('/service/static/products/2.svg?lang=zh-CN&w=1200&fm=png')).body as Buffer;
    expect(avif.length).toBeGreaterThan(200);
    expect(avif.length * 4).toBeLessThan(big.length);
  });

  it('refuses widths and formats outside the made set with 404, making nothing', async () => {
    const before = fs.existsSync(picturesDir()) ? fs.readdirSync(picturesDir()).length : 0;
    for (const query of ['w=300&fm=webp', 'w=400&fm=gif', 'w=400', 'fm=webp', 'w=1e9&fm=jpg']) {
      expect((await get(`/service/static/products/3.svg?${query}`)).status, query).toBe(404);
    }
    expect(fs.existsSync(picturesDir()) ? fs.readdirSync(picturesDir()).length : 0).toBe(before);
  });

  it.each([
    ['tea-drinks', 'teacup'],
    ['wearables', 'watch'],
    ['kitchenware', 'pan'],
    ['toys', 'panda'],
  ])('the sub-category %s shows what it sells (%s), its top category its icon', async (slug, drawing) => {
    const svg = String((await service.http.get(`/service/static/categories/${slug}.svg`).buffer(true)).body);
    expect(svg).toContain(`data-drawing="${drawing}"`);
    const top = String((await service.http.get('/service/static/categories/food.svg').buffer(true)).body);
    expect(top).toMatch(/data-drawing="category-[a-z]+"/);
  });

  it('the source is still the drawn SVG when no variant is asked', async () => {
    const res = await service.http.get('/service/static/products/1.svg?lang=zh-CN').buffer(true);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('makes a variant once: concurrent asks share one encoding, later ones read the file', async () => {
    const source = {
      svg: '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#c00"/></svg>',
    };
    const first = variantFile(service.config.dataDir, source, 200, 'webp');
    expect(variantFile(service.config.dataDir, source, 200, 'webp')).toBe(first);
    const file = await first;
    const made = fs.readFileSync(file);
    expect((await sharp(made).metadata()).width).toBe(200);
    fs.writeFileSync(file, 'kept');
    expect(fs.readFileSync(await variantFile(service.config.dataDir, source, 200, 'webp'), 'utf8')).toBe(
      'kept',
    );
    expect(fs.readdirSync(path.dirname(file)).filter((name) => name.endsWith('.part'))).toEqual([]);
  });

  it('an uploaded picture has variants too, never enlarged but to the share width', async () => {
    const session = await createSession(service);
    const width = 300;
    const height = 150;
    const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x80)]);
    const photo = png({
      width,
      height,
      colour: [8, 2, 0, 0, 0],
      pixels: Buffer.concat(Array(height).fill(row)),
    });
    const uploaded = await service.http
      .post('/service/file/uploads')
      .set(session.headers)
      .attach('file', photo, 'photo.png');
    expect(uploaded.status).toBe(200);
    const address: string = uploaded.body.data.url;
    const small = await get(`${address}&w=200&fm=webp`);
    expect(small.headers['content-type']).toMatch(/^image\/webp/);
    expect(await sharp(small.body as Buffer).metadata()).toMatchObject({
      format: 'webp',
      width: 200,
      height: 100,
    });
    const large = await get(`${address}&w=800&fm=avif`);
    expect(await sharp(large.body as Buffer).metadata()).toMatchObject({
      format: 'heif',
      width: 300,
      height: 150,
    });
    // Link previews want at least 1200 px: that variant is made at its width whatever the source's.
    const share = await get(`${address}&w=1200&fm=jpg`);
    expect(await sharp(share.body as Buffer).metadata()).toMatchObject({
      format: 'jpeg',
      width: 1200,
      height: 600,
    });
  });
});
