/**
 * End to end: pictures in sizes and formats. Opened under another host name than the public
 * origin (localhost against PUBLIC_ORIGIN 127.0.0.1), a phone-sized /home loads every picture
 * as an AVIF variant from its own origin (CSP img-src 'self'), the lead banner preloaded as the
 * very variant its <picture> picks; a goods page shares a 1200-px JPEG with its size.
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
  it('a phone loads AVIF variants under another host name, the lead banner preloaded as shown', async () => {
    const other = shop.origin.replace('127.0.0.1', 'localhost');
    const context = await shop.browser.newContext({
      locale: 'zh-CN',
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
    });
    try {
      const tab = await context.newPage();
      const refused: string[] = [];
      tab.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
      });
      const pictures: Array<{ url: string; type: string }> = [];
      tab.on('response', (response) => {
        if (response.request().resourceType() === 'image') {
          pictures.push({ url: response.url(), type: response.headers()['content-type'] ?? '' });
        }
      });
      await tab.goto(`${other}/home`);
      await tab.waitForLoadState('networkidle');
      const shown = await tab.$$eval('picture img', (images) =>
        images.map((image) => ({
          current: (image as HTMLImageElement).currentSrc,
          loaded: (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0,
          lazy: (image as HTMLImageElement).loading === 'lazy',
        })),
      );
      expect(shown.length).toBeGreaterThan(0);
      expect(shown.filter((image) => !image.lazy && !image.loaded)).toEqual([]);
      for (const image of shown.filter((entry) => entry.loaded)) {
        expect(image.current.startsWith(`${other}/service/`), image.current).toBe(true);
        expect(image.current).toMatch(/[?&]fm=avif(&|$)/);
      }
      expect(pictures.length).toBeGreaterThan(0);
      for (const picture of pictures) expect(picture.type, picture.url).toBe('image/avif');
      expect(refused).toEqual([]);

      // the lead banner: the whole width of a 390-px phone at ratio 2 is the 800-px variant, fetched once
      const lead = shown[0].current;
      expect(lead).toMatch(/card\/image\/.+[?&]w=800&fm=avif$/);
      const preload = await tab.$eval('link[rel="preload"][as="image"]', (link) => ({
        srcset: link.getAttribute('imagesrcset') ?? '',
        sizes: link.getAttribute('imagesizes') ?? '',
        type: link.getAttribute('type'),
      }));
      expect(preload.type).toBe('image/avif');
      expect(preload.srcset).toContain(`${new URL(lead).pathname}${new URL(lead).search} 800w`);
      expect(preload.sizes).toMatch(/100vw/);
      // preloaded and shown as one file: no other variant of the lead banner was fetched
      const leadSource = lead.slice(0, lead.indexOf('&w='));
      const leadFetches = pictures.filter((picture) => picture.url.startsWith(`${leadSource}&`));
      expect(leadFetches.map((picture) => picture.url)).toEqual([lead]);
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
