/**
 * End to end: the server-rendered pages, through the real gateway and service. Every public
 * route without JavaScript shows its products, prices and title in both languages; with
 * JavaScript the page hydrates without an error or warning and its first screen asks GraphQL
 * nothing; a product page carries Open Graph tags and schema.org JSON-LD with its price; the
 * sitemap lists every on-shelf product; a signed-in shopper's first HTML shows their name.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gqlInPage, type Shop, startShop } from './harness.ts';

let shop: Shop;
let origin = '';
/** A product on the shelf, as the public API shows it. */
let product: { id: string; name: string; names: Record<'zh-CN' | 'en-GB', string>; fen: number };

beforeAll(async () => {
  shop = await startShop();
  origin = shop.origin;
  // the first popular product, named in each language
  const named = async (locale: string) => {
    const res = await fetch(`${origin}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'apollo-require-preflight': 'true',
        'accept-language': locale,
      },
      body: JSON.stringify({
        query: '{ hotProducts(page: { pageNum: 1, pageSize: 1 }) { records { id name price { fen } } } }',
      }),
    });
    const body = (await res.json()) as {
      data: { hotProducts: { records: Array<{ id: string; name: string; price: { fen: number } }> } };
    };
    return body.data.hotProducts.records[0];
  };
  const [zh, en] = await Promise.all([named('zh-CN'), named('en-GB')]);
  product = { id: zh.id, name: zh.name, names: { 'zh-CN': zh.name, 'en-GB': en.name }, fen: zh.price.fen };
});

afterAll(async () => {
  await shop?.close();
});

const yuan = (fen: number) => (fen / 100).toFixed(2);

/** The public routes, each with the title its page carries in each language. */
const ROUTES: Array<{ path: () => string; zh: string; en: string; prices: boolean }> = [
  { path: () => '/home', zh: '乐购商城', en: 'LeGou Shop', prices: true },
  { path: () => '/category', zh: '全部分类 - 乐购商城', en: 'All categories - LeGou Shop', prices: false },
  {
    path: () => '/category/detail/phones',
    zh: '商品列表 - 乐购商城',
    en: 'Product List - LeGou Shop',
    prices: true,
  },
  {
    path: () => `/goods/detail/${product.id}`,
    zh: '商品详情 - 乐购商城',
    en: 'Product details - LeGou Shop',
    prices: true,
  },
  {
    path: () => `/category/goods-detail/${product.id}`,
    zh: '商品详情 - 乐购商城',
    en: 'Product details - LeGou Shop',
    prices: true,
  },
  {
    path: () => `/category/search-result?keyword=${encodeURIComponent(product.name.slice(0, 2))}`,
    zh: '搜索结果 - 乐购商城',
    en: 'Search results - LeGou Shop',
    prices: true,
  },
  { path: () => '/goods/hot', zh: '热门商品 - 乐购商城', en: 'Popular Products - LeGou Shop', prices: true },
  {
    path: () => '/goods/new',
    zh: '新品上市 - 乐购商城',
    en: 'New products are on the market - LeGou Shop',
    prices: true,
  },
  { path: () => '/goods/list', zh: '商品列表 - 乐购商城', en: 'Product List - LeGou Shop', prices: true },
  { path: () => '/404', zh: '页面不存在 - 乐购商城', en: 'Page not found - LeGou Shop', prices: false },
];

async function noScriptPage(locale: 'zh-CN' | 'en-GB'): Promise<Page> {
  const context = await shop.browser.newContext({ javaScriptEnabled: false, locale });
  return context.newPage();
}

describe('without JavaScript', () => {
  for (const locale of ['zh-CN', 'en-GB'] as const) {
    it(`every public route shows its content and title in ${locale}`, async () => {
      const page = await noScriptPage(locale);
      try {
        for (const route of ROUTES) {
          const response = await page.goto(`${origin}${route.path()}`);
          expect(response?.status(), route.path()).toBe(route.path() === '/404' ? 404 : 200);
          expect(await page.title(), route.path()).toBe(locale === 'zh-CN' ? route.zh : route.en);
          expect(await page.locator('html').getAttribute('lang')).toBe(locale);
          const text = await page.locator('#root').innerText();
          if (route.prices) expect(text, route.path()).toMatch(/¥\s?[\d,]+\.\d{2}/);
        }
        await page.goto(`${origin}/goods/detail/${product.id}`);
        const main = await page.locator('#root').innerText();
        expect(main).toContain(product.names[locale]);
        expect(main).toContain(yuan(product.fen));
      } finally {
        await page.context().close();
      }
    });
  }

  it('the shop_locale cookie wins over Accept-Language', async () => {
    const res = await fetch(`${origin}/goods/hot`, {
      headers: { accept: 'text/html', 'accept-language': 'zh-CN,zh;q=0.9', cookie: 'shop_locale=en-GB' },
    });
    const html = await res.text();
    expect(html).toContain('<html lang="en-GB"');
    expect(html).toContain('<title>Popular Products - LeGou Shop</title>');
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    expect(res.headers.get('vary')).toMatch(/Accept-Language/);
  });
});

describe('with JavaScript', () => {
  it('hydrates every public route without an error or warning and asks GraphQL nothing for it', async () => {
    const context = await shop.browser.newContext({ locale: 'zh-CN' });
    const page = await context.newPage();
    const problems: string[] = [];
    const graphql: string[] = [];
    page.on('console', (message) => {
      // the /404 page answers 404 on purpose
      if (message.text().includes('status of 404')) return;
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('request', (request) => {
      if (request.url().includes('/graphql'))
        graphql.push(`${page.url()} ${request.postData()?.slice(0, 80)}`);
    });
    try {
      for (const route of ROUTES) {
        await page.goto(`${origin}${route.path()}`, { waitUntil: 'networkidle' });
        // hydrated: React has attached to the server's HTML
        await page.waitForFunction(() =>
          Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__react')),
        );
        expect(await page.title()).toBe(route.zh);
      }
      expect(problems).toEqual([]);
      expect(graphql).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('shareable pages', () => {
  it('a product page carries Open Graph tags and Product JSON-LD with its price', async () => {
    const res = await fetch(`${origin}/goods/detail/${product.id}`, { headers: { accept: 'text/html' } });
    const html = await res.text();
    const meta = (property: string) =>
      html.match(new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`))?.[1];
    expect(meta('og:title')).toBe(product.name.replace(/&/g, '&amp;'));
    expect(meta('product:price:amount')).toBe(yuan(product.fen));
    expect(meta('og:image')).toMatch(/^https?:\/\//);
    expect(meta('twitter:title')).toContain(`¥${yuan(product.fen)}`);
    expect(html).toContain(`<link rel="canonical" href="${origin}/goods/detail/${product.id}">`);
    const ld = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)?.[1];
    const parsed = JSON.parse(ld ?? 'null') as {
      '@type': string;
      name: string;
      offers: { price: string; priceCurrency: string; availability: string };
    };
    expect(parsed['@type']).toBe('Product');
    expect(parsed.name).toBe(product.name);
    expect(parsed.offers).toMatchObject({ price: yuan(product.fen), priceCurrency: 'CNY' });
    expect(parsed.offers.availability).toMatch(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/);
  });

  it('the sitemap lists every on-shelf product, robots.txt points to it', async () => {
    const xml = await (await fetch(`${origin}/sitemap.xml`)).text();
    // the catalogue as the storefront lists it, page by page
    const ids: string[] = [];
    for (let pageNum = 1; ; pageNum++) {
      const res = await fetch(`${origin}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true' },
        body: JSON.stringify({
          query: 'query($page: PageInput) { products(page: $page) { total records { id } } }',
          variables: { page: { pageNum, pageSize: 50 } },
        }),
      });
      const body = (await res.json()) as {
        data?: { products: { total: number; records: Array<{ id: string }> } };
      };
      expect(body.data, JSON.stringify(body)).toBeDefined();
      ids.push(...(body.data?.products.records ?? []).map((record) => record.id));
      if (ids.length >= (body.data?.products.total ?? 0)) break;
    }
    expect(ids.length).toBeGreaterThan(10);
    for (const id of ids) expect(xml).toContain(`/goods/detail/${id}</loc>`);
    expect(xml.match(/\/goods\/detail\//g)?.length).toBe(ids.length);
    const robots = await (await fetch(`${origin}/robots.txt`)).text();
    expect(robots).toMatch(/^Sitemap: .*\/sitemap\.xml$/m);
  });
});

describe('signed in', () => {
  it("a shopper's first HTML shows their name, never the logged-out header, and is not stored", async () => {
    const context = await shop.browser.newContext({ locale: 'zh-CN' });
    const page = await context.newPage();
    try {
      await page.goto(`${origin}/404`);
      const suffix = String(Date.now()).slice(-7);
      const username = `ssr_${suffix}`;
      const registered = await gqlInPage<{ data?: { register: { userId: string | null } } }>(
        page,
        'mutation($input: RegisterInput!) { register(input: $input) { userId } }',
        { input: { username, password: 'Passw0rd.ssr', phone: `138${suffix.padStart(8, '0')}` } },
      );
      expect(registered.data?.register.userId).toBeTruthy();
      const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
      const res = await fetch(`${origin}/home`, { headers: { accept: 'text/html', cookie } });
      const html = await res.text();
      const header = html.slice(html.indexOf('<div id="root">'), html.indexOf('<main'));
      expect(header).toContain(username);
      expect(header).not.toMatch(/>登录</);
      expect(res.headers.get('cache-control')).toBe('no-store');
    } finally {
      await context.close();
    }
  });
});
