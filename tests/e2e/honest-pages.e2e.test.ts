/**
 * End to end: a server-rendered page says what it is off the happy path too. A missing or
 * withdrawn product, an unknown category and an unknown path answer 404 with the not-found page
 * and are never kept longer than a public page; a hung service gives 503 with Retry-After within
 * the page deadline, never stored; a page behind a login redirects; pictures load under any host
 * name the shop is opened as; a goods page is titled by its product and links its other language.
 */
import path from 'node:path';
import { formatMoney } from '@shop/common/format.ts';
import { parse as parseCacheControl } from '@tusbar/cache-control';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicQuery, type Shop, startShop } from './harness.ts';

/** The page deadline these servers run with (WEB_SSR_DEADLINE_MS). */
const DEADLINE_MS = 1500;
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

let shop: Shop;
let origin = '';
let product: { id: string; names: Record<'zh-CN' | 'en-GB', string>; fen: number; category: string };

const page = (url: string, headers: Record<string, string> = {}) =>
  fetch(url, {
    redirect: 'manual',
    headers: { accept: 'text/html', 'accept-language': 'zh-CN', 'user-agent': BROWSER, ...headers },
  });

const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const decode = (text: string) => text.replace(/&amp;/g, '&');
/**
 * The shortest lifetime of a public page: a missing page is kept no longer, so a page that
 * appears is not hidden for longer than stock is.
 */
const STOCK_BOUND_SECONDS = 5;
const maxAge = (cacheControl: string | null) => parseCacheControl(cacheControl ?? '').maxAge ?? 0;
const isPublic = (cacheControl: string | null) => parseCacheControl(cacheControl ?? '').public === true;

beforeAll(async () => {
  shop = await startShop({
    WEB_SSR_DEADLINE_MS: String(DEADLINE_MS),
    GATEWAY_STOCK_MAX_AGE: `${STOCK_BOUND_SECONDS}s`,
  });
  origin = shop.origin;
  const named = (locale: string) =>
    publicQuery<{
      hotProducts: {
        records: Array<{ id: string; name: string; categoryId: string; price: { fen: number } }>;
      };
      categories: Array<{ id: string; cardName: string; children: Array<{ id: string; cardName: string }> }>;
    }>(
      origin,
      '{ hotProducts(page: { pageNum: 1, pageSize: 1 }) { records { id name categoryId price { fen } } } categories { id cardName children { id cardName } } }',
      locale,
    );
  const [zh, en] = await Promise.all([named('zh-CN'), named('en-GB')]);
  const first = zh.hotProducts.records[0];
  const all = zh.categories.flatMap((root) => [root, ...root.children]);
  product = {
    id: first.id,
    names: { 'zh-CN': first.name, 'en-GB': en.hotProducts.records[0].name },
    fen: first.price.fen,
    category: all.find((category) => category.id === first.categoryId)?.cardName ?? '',
  };
});

afterAll(async () => {
  await shop?.close();
});

describe('statuses and caching', () => {
  it('a missing product, an unknown category and an unknown path answer 404 with their page, kept no longer than the shortest public lifetime and never stored', async () => {
    const cases = [
      { path: '/goods/detail/999999', says: '商品不存在' },
      { path: '/category/detail/no-such-category', says: '分类不存在' },
      { path: '/this/does/not/exist', says: '返回首页' },
    ];
    for (const { path: address, says } of cases) {
      for (const attempt of [1, 2]) {
        const res = await page(`${origin}${address}`);
        expect(res.status, address).toBe(404);
        const cacheControl = res.headers.get('cache-control') ?? '';
        expect(parseCacheControl(cacheControl).staleWhileRevalidate, address).toBeNull();
        if (isPublic(cacheControl)) expect(maxAge(cacheControl)).toBeLessThanOrEqual(STOCK_BOUND_SECONDS);
        // rendered each time: a missing page takes no place in the page cache
        expect(res.headers.get('server-timing') ?? '', `${address} #${attempt}`).not.toContain('page-cache');
        expect(await res.text(), address).toContain(says);
      }
    }
  });

  it('a product taken off the shelf answers 404 and says so once it is', async () => {
    const db = new Database(path.join(shop.dataDir, 'shop.db'));
    try {
      db.prepare('UPDATE products SET on_shelf = 0 WHERE id = ?').run(Number(product.id));
      const res = await page(`${origin}/category/goods-detail/${product.id}?off=1`);
      expect(res.status).toBe(404);
      expect(isPublic(res.headers.get('cache-control'))).toBe(false);
      expect(await res.text()).toContain('该商品已下架~');
    } finally {
      db.prepare('UPDATE products SET on_shelf = 1 WHERE id = ?').run(Number(product.id));
      db.close();
    }
  });

  it('a screen behind a login sends a visitor to log in, and the redirect is not stored', async () => {
    const res = await page(`${origin}/cart`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login?redirect=%2Fcart');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('a hung service gives 503 with Retry-After within the deadline, never stored, and the page after it recovers', async () => {
    const address = `${origin}/goods/detail/${product.id}?during=outage`;
    shop.pauseService();
    try {
      const started = performance.now();
      const res = await page(address);
      const took = performance.now() - started;
      expect(res.status).toBe(503);
      expect(took).toBeLessThan(DEADLINE_MS + 2000);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      const html = await res.text();
      expect(html).toContain('服务暂时不可用');
      // the retry is a plain link to the same address; the app's script is there to take over
      expect(html).toContain('href="/goods/detail/');
      expect(html).toMatch(/<script type="module"[^>]*src="\/assets\//);
      expect(html).not.toContain('__SHOP_SSR__');
    } finally {
      shop.resumeService();
    }
    const after = await page(address);
    expect(after.status).toBe(200);
    expect(decode(await after.text())).toContain(product.names['zh-CN']);
  });
});

describe('what a page says it is', () => {
  it('a goods page is titled by its product, names its languages and prices its tags as the page does', async () => {
    const zh = await (await page(`${origin}/goods/detail/${product.id}`)).text();
    expect(decode(title(zh) ?? '')).toBe(`${product.names['zh-CN']} - 乐购商城`);
    for (const [lang, query] of [
      ['zh-CN', '?lang=zh-CN'],
      ['en-GB', '?lang=en-GB'],
      ['x-default', ''],
    ]) {
      expect(zh).toContain(
        `<link rel="alternate" hreflang="${lang}" href="${origin}/goods/detail/${product.id}${query}">`,
      );
    }
    expect(zh).toContain('<meta property="og:locale" content="zh_CN">');
    expect(zh).toContain('<meta property="og:locale:alternate" content="en_GB">');
    const price = formatMoney(product.fen, 'CNY');
    expect(decode(zh)).toContain(`<meta name="twitter:title" content="${product.names['zh-CN']} ${price}">`);

    // the English address, whatever the browser prefers
    const en = await (await page(`${origin}/goods/detail/${product.id}?lang=en-GB`)).text();
    expect(en).toContain('<html lang="en-GB"');
    expect(decode(title(en) ?? '')).toBe(`${product.names['en-GB']} - LeGou Shop`);
    expect(en).toContain('<meta property="og:locale" content="en_GB">');
    expect(en).toContain(`<link rel="canonical" href="${origin}/goods/detail/${product.id}?lang=en-GB">`);
  });

  it('a category page is titled by its category', async () => {
    const res = await page(`${origin}/category/detail/${product.category}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const name = /<h1[^>]*>([^<]+)<\/h1>/.exec(html)?.[1];
    expect(name).toBeTruthy();
    expect(title(html)).toBe(`${name} - 乐购商城`);
  });

  it('the browser keeps the product title once the page has hydrated', async () => {
    const context = await shop.browser.newContext({ locale: 'zh-CN' });
    try {
      const tab = await context.newPage();
      await tab.goto(`${origin}/goods/detail/${product.id}`);
      await tab.waitForFunction(() => (window as { __SHOP_SSR__?: unknown }).__SHOP_SSR__ !== undefined);
      await tab.waitForLoadState('networkidle');
      expect(await tab.title()).toBe(`${product.names['zh-CN']} - 乐购商城`);
    } finally {
      await context.close();
    }
  });
});

describe('missing pages', () => {
  it('a missing product and an unknown category each say so once, offer the way home and keep their title after hydration, in both languages', async () => {
    const cases = [
      {
        path: '/goods/detail/999999',
        says: { 'zh-CN': '商品不存在', 'en-GB': 'This product does not exist' },
      },
      {
        path: '/category/detail/no-such-category',
        says: { 'zh-CN': '分类不存在', 'en-GB': 'This category does not exist' },
      },
    ];
    const site = { 'zh-CN': '乐购商城', 'en-GB': 'LeGou Shop' };
    for (const locale of ['zh-CN', 'en-GB'] as const) {
      const context = await shop.browser.newContext({ locale });
      try {
        for (const { path: address, says } of cases) {
          const tab = await context.newPage();
          const response = await tab.goto(`${origin}${address}`);
          expect(response?.status(), address).toBe(404);
          expect(title((await response?.text()) ?? ''), address).toBe(`${says[locale]} - ${site[locale]}`);
          await tab.waitForFunction(() =>
            Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__react')),
          );
          // the screen asks again for what the server found missing: its title is the missing page's
          // once that answer is in, however long the network takes
          await expect
            .poll(() => tab.title(), { message: address })
            .toBe(`${says[locale]} - ${site[locale]}`);
          // one message: the page's, no toast repeating it
          await expect
            .poll(() => tab.getByText(says[locale], { exact: true }).count(), { message: address })
            .toBe(1);
          const home = tab.locator('main').getByRole('link', { name: /返回首页|Back to the home page/ });
          expect(await home.getAttribute('href'), address).toBe('/home');
          await tab.close();
        }
      } finally {
        await context.close();
      }
    }
  });
});

describe('pictures', () => {
  it('load when the shop is opened under another host name than its public origin', async () => {
    const other = origin.replace('127.0.0.1', 'localhost');
    const context = await shop.browser.newContext({ locale: 'zh-CN' });
    try {
      const tab = await context.newPage();
      const refused: string[] = [];
      tab.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
      });
      await tab.goto(`${other}/home`);
      await tab.waitForLoadState('networkidle');
      const pictures = await tab.$$eval('img', (images) =>
        images.map((image) => ({
          src: image.getAttribute('src') ?? '',
          loaded: image.complete && image.naturalWidth > 0,
          lazy: image.loading === 'lazy',
        })),
      );
      expect(pictures.length).toBeGreaterThan(0);
      for (const picture of pictures) expect(picture.src, picture.src).toMatch(/^\/service\//);
      expect(pictures.filter((picture) => !picture.lazy && !picture.loaded)).toEqual([]);
      expect(pictures.some((picture) => picture.loaded)).toBe(true);
      expect(refused).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
