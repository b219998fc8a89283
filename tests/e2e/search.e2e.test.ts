/**
 * End to end: a search that explains itself, through the real gateway and service. A corrected
 * search names the words its results are for, in the server's HTML and after hydration; a search
 * that finds nothing offers the recent searches and the hot products (rendered on the server too);
 * a page without words asks the server nothing; words longer than the API takes are explained
 * (the box cannot take them), with and without JavaScript; the results fit a phone's width in
 * both languages. Each screen passes the WCAG checks.
 */

import { SEARCH_KEYWORD_MAX_LENGTH } from '@shop/common/search.ts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, settle } from './a11y.ts';
import { hydrated, type Shop, shot, startShop } from './harness.ts';

let shop: Shop;
const WAIT = { timeout: 15_000 };
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

beforeAll(async () => {
  shop = await startShop();
});

afterAll(async () => {
  await shop?.close();
});

/** A browser page in `locale` that records console problems and the GraphQL requests it makes. */
async function open(locale: string): Promise<{ page: Page; problems: string[]; graphql: string[] }> {
  const context = await shop.browser.newContext({ viewport: { width: 1280, height: 900 }, locale });
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  const problems: string[] = [];
  const graphql: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('request', (request) => {
    if (request.url().includes('/graphql')) graphql.push(`${request.url()} ${request.postData() ?? ''}`);
  });
  return { page, problems, graphql };
}

async function searchFor(page: Page, keyword: string) {
  const box = page.getByRole('search').getByRole('combobox');
  // words typed into the server's box while React takes it over may be lost: type once it has
  await hydrated(box);
  await box.fill(keyword);
  await box.press('Enter');
  await page.waitForURL((url) => url.searchParams.get('keyword') === keyword);
}

describe('search that explains itself', () => {
  it('a corrected search says which words its results are for, from the first HTML on', async () => {
    for (const [locale, line] of [
      ['zh-CN', '显示“smartphone”的结果'],
      ['en-GB', 'Showing results for “smartphone”'],
    ] as const) {
      const { page, problems } = await open(locale);
      const response = await page.goto(`${shop.origin}/category/search-result?keyword=smartphnoe`);
      expect(await response?.text()).toContain(line);
      await page.getByText(line).waitFor(WAIT);
      await page
        .getByRole('link', { name: /Smartphone|智能手机/ })
        .first()
        .waitFor(WAIT);
      await settle(page);
      expect(await axeViolations(page, `corrected ${locale}`)).toEqual([]);
      expect(problems).toEqual([]);
      await page.context().close();
    }
  });

  it('nothing found offers the other recent searches and the hot products', async () => {
    const { page, problems, graphql } = await open('zh-CN');
    await page.goto(`${shop.origin}/home`);
    await searchFor(page, '耳机');
    await page.getByText(/共找到 \d+ 件商品/).waitFor(WAIT);
    // A search made in the page is a request naming its operation (what the no-words case checks for).
    expect(
      graphql.some((request) => request.includes('SearchResultPage')),
      graphql.join('\n'),
    ).toBe(true);
    await searchFor(page, 'qqzzxx');
    await page.getByText('没有找到 “qqzzxx” 相关的商品').waitFor(WAIT);
    const hot = page.getByRole('region', { name: '热门商品' });
    await hot.waitFor(WAIT);
    expect(await hot.getByRole('link').count()).toBeGreaterThan(0);
    const recent = page.getByRole('navigation', { name: '最近搜索' });
    await recent.waitFor(WAIT);
    expect(await recent.getByRole('link').allInnerTexts()).toEqual(['耳机']);
    await settle(page);
    expect(await axeViolations(page, 'nothing found')).toEqual([]);
    await shot(page, 'search-nothing-found');
    await recent.getByRole('link', { name: '耳机' }).click();
    await page.waitForURL((url) => url.searchParams.get('keyword') === '耳机');
    await page.getByText(/共找到 \d+ 件商品/).waitFor(WAIT);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('without JavaScript, nothing found still shows the hot products', async () => {
    const context = await shop.browser.newContext({
      javaScriptEnabled: false,
      locale: 'en-GB',
      userAgent: CRAWLER,
    });
    const page = await context.newPage();
    await page.goto(`${shop.origin}/category/search-result?keyword=qqzzxx`);
    const text = await page.locator('#root').innerText();
    expect(text).toContain('No products match “qqzzxx”');
    expect(text).toContain('Popular Products');
    expect(text).toMatch(/¥\s?[\d,]+\.\d{2}/);
    await context.close();
  });

  it('the box takes no more than the API does, and longer words in an address are explained, not retried', async () => {
    const long = '手'.repeat(SEARCH_KEYWORD_MAX_LENGTH + 1);
    const { page, problems, graphql } = await open('zh-CN');
    await page.goto(`${shop.origin}/home`);
    const box = page.getByRole('search').getByRole('combobox');
    expect(await box.getAttribute('maxlength')).toBe(String(SEARCH_KEYWORD_MAX_LENGTH));
    await page.goto(`${shop.origin}/category/search-result?keyword=${encodeURIComponent(long)}`);
    await page.getByText(`搜索词最多 ${SEARCH_KEYWORD_MAX_LENGTH} 个字，请缩短后再搜索`).waitFor(WAIT);
    await settle(page);
    expect(await page.getByRole('button', { name: /重试|Retry/ }).count()).toBe(0);
    expect(graphql.filter((request) => request.includes('SearchResultPage'))).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();

    // without JavaScript the page is whole as sent: the explanation, never a loading placeholder
    const context = await shop.browser.newContext({ javaScriptEnabled: false, locale: 'en-GB' });
    const plain = await context.newPage();
    const response = await plain.goto(
      `${shop.origin}/category/search-result?keyword=${encodeURIComponent(long)}`,
    );
    expect(response?.status()).toBe(200);
    const text = await plain.locator('#root').innerText();
    expect(text).toContain(`Search words can be at most ${SEARCH_KEYWORD_MAX_LENGTH} characters long`);
    expect(text).not.toMatch(/Loading|加载中/);
    await context.close();
  });

  it('the results fit a phone 390 and 320 px wide in both languages, the other-language match line included', async () => {
    for (const [locale, keyword, other] of [
      ['zh-CN', 'smartphone', '英文名称匹配'],
      ['en-GB', '手机', 'Matches the Chinese name'],
    ] as const) {
      for (const width of [390, 320]) {
        const context = await shop.browser.newContext({
          viewport: { width, height: 844 },
          locale,
          isMobile: true,
          hasTouch: true,
        });
        const page = await context.newPage();
        await page.goto(`${shop.origin}/category/search-result?keyword=${encodeURIComponent(keyword)}`);
        await page.getByText(other).first().waitFor(WAIT);
        await settle(page);
        const { scrollWidth, clientWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          clientWidth: document.documentElement.clientWidth,
        }));
        expect(scrollWidth, `${locale} at ${width} px`).toBeLessThanOrEqual(clientWidth);
        await shot(page, `search-${locale}-${width}`);
        await context.close();
      }
    }
  });

  it('a page without words prompts for them and asks the server no search', async () => {
    const { page, problems, graphql } = await open('en-GB');
    const response = await page.goto(`${shop.origin}/category/search-result?keyword=%20%20`);
    const html = (await response?.text()) ?? '';
    expect(html).toContain('Type a product name or a few words to search for');
    expect(html).not.toContain('Search results for “”');
    await page.getByRole('heading', { level: 1, name: 'Search products' }).waitFor(WAIT);
    await settle(page);
    expect(await axeViolations(page, 'no words')).toEqual([]);
    expect(graphql.filter((request) => request.includes('SearchResultPage'))).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
