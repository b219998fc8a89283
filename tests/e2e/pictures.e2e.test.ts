/**
 * End to end: pictures in sizes and formats. Opened under another host name than the public
 * origin (localhost against PUBLIC_ORIGIN 127.0.0.1), a phone-sized /home shows every drawing as
 * its own SVG, compressed, from its own origin (CSP img-src 'self'), the lead banner preloaded by
 * the address it shows; a goods page shares a 1200-px JPEG with its size. (An uploaded photo
 * shown as a variant: the avatar step of order-lifecycle.e2e.test.ts.)
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicQuery, type Shop, startShop } from './harness.ts';

let shop: Shop;

beforeAll(async () => {
  shop = await startShop();
}, 240_000);
afterAll(() => shop?.close());

describe('pictures in sizes and formats', () => {
  it('a phone shows every drawing as its own SVG, brotli on the wire, the lead banner preloaded as shown', async () => {
    const other = shop.origin.replace('127.0.0.1', 'localhost');
    const context = await shop.browser.newContext({
      locale: 'zh-CN',
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
    });
    try {
      const tab = await context.newPage();
      const refused: string[] = [];
      tab.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
      });
      const pictures: Array<{ url: string; type: string; encoding: string }> = [];
      tab.on('response', (response) => {
        if (response.request().resourceType() !== 'image') return;
        const headers = response.headers();
        pictures.push({
          url: response.url(),
          type: headers['content-type'] ?? '',
          encoding: headers['content-encoding'] ?? '',
        });
      });
      await tab.goto(`${other}/home`);
      await tab.waitForLoadState('networkidle');
      const shown = await tab.$$eval('main img', (images) =>
        images.map((image) => ({
          current: (image as HTMLImageElement).currentSrc,
          loaded: (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0,
          lazy: (image as HTMLImageElement).loading === 'lazy',
          inPicture: image.parentElement?.tagName === 'PICTURE',
        })),
      );
      expect(shown.length).toBeGreaterThan(0);
      expect(shown.filter((image) => image.inPicture)).toEqual([]);
      expect(shown.filter((image) => !image.lazy && !image.loaded)).toEqual([]);
      for (const image of shown.filter((entry) => entry.loaded)) {
        expect(image.current.startsWith(`${other}/service/`), image.current).toBe(true);
        expect(new URL(image.current).pathname).toMatch(/\.svg$/);
      }
      expect(pictures.length).toBeGreaterThan(0);
      for (const picture of pictures) {
        expect(picture.url).not.toMatch(/[?&]fm=/);
        expect(picture.type, picture.url).toMatch(/^image\/svg\+xml/);
        expect(picture.encoding, picture.url).toBe('br');
      }
      expect(refused).toEqual([]);

      // the lead banner: preloaded by the very address it shows, fetched once
      const lead = shown[0].current;
      expect(lead).toMatch(/\/service\/shop\/card\/image\/.+\.svg\?lang=zh-CN&v=\d+$/);
      const preload = await tab.$eval('link[rel="preload"][as="image"]', (link) => ({
        href: (link as HTMLLinkElement).href,
        srcset: link.getAttribute('imagesrcset'),
      }));
      expect(preload).toEqual({ href: lead, srcset: null });
      expect(pictures.filter((picture) => picture.url === lead)).toHaveLength(1);
    } finally {
      await context.close();
    }
  });

  it('a goods page shares a 1200-px JPEG with its width and height', async () => {
    const data = await publicQuery<{ hotProducts: { records: Array<{ id: string }> } }>(
      shop.origin,
      '{ hotProducts(page: { pageSize: 1 }) { records { id } } }',
    );
    const id = data.hotProducts.records[0].id;
    const html = await (
      await fetch(`${shop.origin}/goods/detail/${id}`, { headers: { accept: 'text/html' } })
    ).text();
    const meta = (property: string) =>
      html
        .match(new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`))?.[1]
        ?.replace(/&amp;/g, '&');
    const image = meta('og:image') ?? '';
    expect(image).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/service\/static\/products\/.+&w=1200&fm=jpg$/);
    expect([meta('og:image:width'), meta('og:image:height'), meta('og:image:type')]).toEqual([
      '1200',
      '1200',
      'image/jpeg',
    ]);
    expect(meta('twitter:image')).toBe(image);
    const res = await fetch(image);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(await sharp(Buffer.from(await res.arrayBuffer())).metadata()).toMatchObject({
      format: 'jpeg',
      width: 1200,
      height: 1200,
    });
  });
});
