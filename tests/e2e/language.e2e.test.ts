/**
 * End to end: the shop's language as a browser meets it. A first visit follows the browser's
 * Accept-Language before any script runs (the gateway writes it into index.html); a phone-sized
 * page has a language switcher that works, and the choice (the shop_locale cookie) decides the
 * next page the gateway serves; a page past the end of a paged list offers the way back, as a
 * link that works before and without the script.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdScripts, hydrated, type Shop, shot, startShop } from './harness.ts';

let shop: Shop;

beforeAll(async () => {
  shop = await startShop();
});

afterAll(async () => {
  await shop?.close();
});

async function open(width: number, locale: string): Promise<Page> {
  const context = await shop.browser.newContext({ viewport: { width, height: 800 }, locale });
  context.setDefaultTimeout(20_000);
  return context.newPage();
}

describe('language', () => {
  it('an en-GB browser gets English on its first visit, before any script runs', async () => {
    const page = await open(1280, 'en-GB');
    const response = await page.goto(`${shop.origin}/home`);
    const html = (await response?.text()) ?? '';
    expect(html).toContain('<html lang="en-GB"');
    expect(response?.headers().vary).toMatch(/accept-language/i);
    await expect.poll(() => page.getByRole('link', { name: 'Log in' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: '登录' }).count()).toBe(0);
    await shot(page, 'language-first-visit-en-1280');
    await page.context().close();
  });

  it('a zh-CN browser gets Chinese', async () => {
    const page = await open(1280, 'zh-CN');
    await page.goto(`${shop.origin}/home`);
    await expect.poll(() => page.getByRole('link', { name: '登录' }).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await page.context().close();
  });

  it('a 390 px phone has a switcher that works, and the choice outlives a reload', async () => {
    const page = await open(390, 'zh-CN');
    await page.goto(`${shop.origin}/home`);
    const switcher = page.getByRole('combobox', { name: '切换语言' });
    await expect.poll(() => switcher.isVisible()).toBe(true);
    // the search has a row of its own: its placeholder is not cut off
    const search = page.getByRole('combobox', { name: '搜索商品' });
    const fits = await search.evaluate((input: HTMLInputElement) => {
      const probe = document.createElement('span');
      probe.style.cssText = `font: ${getComputedStyle(input).font}; position: absolute; white-space: pre;`;
      probe.textContent = input.placeholder;
      document.body.append(probe);
      const width = probe.getBoundingClientRect().width;
      probe.remove();
      return width <= input.clientWidth;
    });
    expect(fits).toBe(true);
    await shot(page, 'language-phone-zh-390');
    await switcher.selectOption('en-GB');
    await expect.poll(() => page.getByRole('link', { name: 'Log in' }).count()).toBe(1);
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'shop_locale')).toMatchObject({
      value: 'en-GB',
      path: '/',
      sameSite: 'Lax',
    });
    const response = await page.reload();
    expect((await response?.text()) ?? '').toContain('<html lang="en-GB"');
    await expect.poll(() => page.getByRole('link', { name: 'Log in' }).count()).toBe(1);
    await shot(page, 'language-phone-en-390');
    await page.context().close();
  });

  it('a language picked before the scripts have loaded is applied once they have', async () => {
    const page = await open(1280, 'zh-CN');
    // the page's scripts do not arrive until the shopper has picked
    const release = await holdScripts(page);
    try {
      await page.goto(`${shop.origin}/home`);
      await page.getByRole('combobox', { name: '切换语言' }).first().selectOption('en-GB');
      release();
      await expect.poll(() => page.getByRole('link', { name: 'Log in' }).count()).toBe(1);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-GB');
      const cookies = await page.context().cookies();
      expect(cookies.find((cookie) => cookie.name === 'shop_locale')?.value).toBe('en-GB');
      expect(await page.getByRole('combobox', { name: 'Language' }).first().inputValue()).toBe('en-GB');
    } finally {
      release();
      await page.context().close();
    }
  });

  it('going back to a page shows the language chosen since, not the one the page showed when left', async () => {
    const page = await open(1280, 'zh-CN');
    await page.goto(`${shop.origin}/home`);
    const switcher = page.getByRole('combobox', { name: '切换语言' });
    await hydrated(switcher);
    await switcher.selectOption('en-GB');
    await expect.poll(() => page.getByRole('link', { name: 'Log in' }).count()).toBe(1);
    await page.goto(`${shop.origin}/login`);
    // meanwhile another tab switches back to Chinese
    const other = await page.context().newPage();
    await other.goto(`${shop.origin}/home`);
    const otherSwitcher = other.getByRole('combobox', { name: 'Language' });
    await hydrated(otherSwitcher);
    await otherSwitcher.selectOption('zh-CN');
    await expect.poll(() => other.getByRole('link', { name: '登录' }).count()).toBe(1);
    await other.close();

    await page.goBack();
    // a page made again by the server (not kept whole by the browser), which restores what its form fields showed
    const navigation = () =>
      (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type;
    expect(await page.evaluate(navigation)).toBe('back_forward');
    await hydrated(page.getByRole('combobox', { name: '切换语言' }));
    await page.waitForLoadState('networkidle');
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'shop_locale')?.value).toBe('zh-CN');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    expect(await page.getByRole('combobox', { name: '切换语言' }).inputValue()).toBe('zh-CN');
    await page.context().close();
  });

  it('a language picked while a screen waits for its data shows that screen in it, not a failure', async () => {
    const page = await open(1280, 'zh-CN');
    await page.goto(`${shop.origin}/home`);
    const switcher = page.getByRole('combobox', { name: '切换语言' });
    await hydrated(switcher);
    // a slow network: the next screen's data is still on its way when the shopper switches
    let answer = () => {};
    const switched = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route('**/graphql**', async (route) => {
      await switched;
      await route.continue().catch(() => {});
    });
    await page.getByRole('link', { name: '热门商品' }).first().click();
    await page.waitForURL(/\/goods\/hot/);
    await switcher.selectOption('en-GB');
    answer();
    await expect.poll(() => page.getByTestId('product-card').count()).toBeGreaterThan(0);
    expect(await page.getByText('Failed to load').count()).toBe(0);
    // the cards and the heading's words arrive apart: both end up in English
    const heading = page.getByRole('heading', { level: 1, name: 'Popular Products' });
    await expect.poll(() => heading.count()).toBe(1);
    expect(await page.getByTestId('product-card').first().innerText()).not.toMatch(/[\u4e00-\u9fff]/);
    await page.context().close();
  });

  it('past the last page of hot goods, the way back is offered', async () => {
    const page = await open(390, 'en-GB');
    await page.goto(`${shop.origin}/goods/hot?page=99`);
    const back = page.getByRole('link', { name: /Go to the last page/ });
    await expect.poll(() => back.count()).toBe(1);
    await shot(page, 'hot-past-last-en-390');
    await back.click();
    await expect.poll(() => page.getByTestId('product-card').count()).toBeGreaterThan(0);
    expect(page.url()).not.toContain('page=99');
    await page.context().close();
  });

  it('without JavaScript, the way back from past the last page is a link that works', async () => {
    const context = await shop.browser.newContext({ javaScriptEnabled: false, locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto(`${shop.origin}/goods/hot?page=99`);
    await page.getByRole('link', { name: /回到最后一页/ }).click();
    await page.waitForURL((url) => !url.search.includes('page=99'));
    expect(await page.getByTestId('product-card').count()).toBeGreaterThan(0);
    await context.close();
  });
});
