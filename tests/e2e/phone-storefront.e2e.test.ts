/**
 * End to end at 390 px, in zh-CN and en-GB, what only a browser's layout shows: the header in at
 * most two rows, the floating 客服 / TOP buttons clear of every product card after a scroll, the
 * tab bar's icons with a one-line label and the cart count as a badge, and a wide avatar cropped
 * to fill its circle (object-fit: cover) in the header and the personal centre.
 * Screenshots: test-results/screenshots/phone-*.png.
 */

import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneContext, type Shop, settled, shot, startShop } from './harness.ts';
import { gql } from './shopper.ts';

let shop: Shop;

beforeAll(async () => {
  shop = await startShop();
}, 240_000);
afterAll(() => shop?.close());

/** How many rows the header's items sit in: the distinct tops of its visible items. */
function headerRows(page: Page): Promise<number> {
  return page.locator('header').evaluate((header) => {
    const items = [...(header.firstElementChild?.children ?? [])]
      .map((item) => item.getBoundingClientRect())
      .filter((box) => box.width > 0 && box.height > 0);
    const rows: Array<{ top: number; bottom: number }> = [];
    for (const box of items.sort((a, b) => a.top - b.top)) {
      const row = rows.find((r) => box.top < r.bottom && box.bottom > r.top);
      if (row) row.bottom = Math.max(row.bottom, box.bottom);
      else rows.push({ top: box.top, bottom: box.bottom });
    }
    return rows.length;
  });
}

/** Product cards in the viewport whose box meets a side button's box (ideally none). */
function cardsUnderSideButtons(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const buttons = [...document.querySelectorAll('[data-testid="side-buttons"] button')].map((button) =>
      button.getBoundingClientRect(),
    );
    const meets = (a: DOMRect, b: DOMRect) =>
      a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;
    return [...document.querySelectorAll<HTMLElement>('[data-testid="product-card"]')]
      .filter((card) => buttons.some((button) => meets(card.getBoundingClientRect(), button)))
      .map((card) => card.querySelector('h2, h3')?.textContent ?? '?');
  });
}

describe.each([
  { locale: 'zh-CN', cart: '购物车，1 件商品', label: '购物车', upload: '上传头像', avatar: '头像' },
  { locale: 'en-GB', cart: 'Cart, 1 item', label: 'Cart', upload: 'Upload avatar', avatar: 'Avatar' },
])('the phone storefront in $locale', ({ locale, cart, label, upload, avatar }) => {
  it('header in two rows, side buttons clear of the goods, tab bar with a badge, avatar cropped', async () => {
    const context = await phoneContext(shop, locale);
    await context.addCookies([{ name: 'shop_locale', value: locale, url: shop.origin }]);
    const page = await context.newPage();
    try {
      // a visitor: the header's widest form (language, log in, register)
      await page.goto(`${shop.origin}/goods/hot`);
      await settled(page);
      expect(await headerRows(page)).toBeLessThanOrEqual(2);

      // scrolled: the buttons show, and no product card (name, price) lies under them
      for (const y of [600, 1400]) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        await page.getByTestId('side-buttons').waitFor();
        expect(await page.locator('[data-testid="product-card"]').count()).toBeGreaterThan(2);
        expect(await cardsUnderSideButtons(page)).toEqual([]);
      }
      await shot(page, `phone-${locale}-scrolled`);

      // a shopper with one item in the cart and a wide avatar
      await gql(page, 'mutation($input: LoginInput!) { login(input: $input) { __typename } }', {
        input: { account: 'demo', password: 'demo123' },
      });
      // the same shopper in both languages: one unit in the cart, added by whichever round is first
      const found = await gql<{
        cart: { totalQuantity: number } | null;
        products: { records: Array<{ id: string; stock: number }> };
      }>(page, '{ cart { totalQuantity } products(page: { pageSize: 30 }) { records { id stock } } }');
      if (!found.cart?.totalQuantity) {
        const inStock = found.products.records.find((product) => product.stock > 0);
        await gql(page, 'mutation($input: AddToCartInput!) { addToCart(input: $input) { __typename } }', {
          input: { productId: inStock?.id, quantity: 1 },
        });
      }
      await page.goto(`${shop.origin}/user/center/info`);
      await settled(page);
      const wide = await sharp({
        create: { width: 300, height: 100, channels: 3, background: '#2060e0' },
      })
        .png()
        .toBuffer();
      await page.getByLabel(upload).setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: wide });
      const centre = page.getByRole('img', { name: avatar, exact: true });
      await expect
        .poll(() => centre.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc.includes('w=')))
        .toBe(true);

      await page.goto(`${shop.origin}/home`);
      await settled(page);
      expect(await headerRows(page)).toBeLessThanOrEqual(2);
      const inHeader = await page.locator('header button[aria-haspopup] img').evaluate((node) => {
        const box = node.getBoundingClientRect();
        return { fit: getComputedStyle(node).objectFit, width: box.width, height: box.height };
      });
      expect(inHeader).toEqual({ fit: 'cover', width: 28, height: 28 });

      // the tab bar: an icon per tab, labels on one line, the count as a badge named in words
      const bar = page.getByTestId('tab-bar');
      const cartTab = bar.getByRole('link', { name: cart });
      await cartTab.waitFor();
      expect(await bar.locator('a svg').count()).toBe(4);
      expect(await cartTab.getByTestId('tab-cart-count').textContent()).toBe('1');
      // each tab's visible label (the icon is the first span; the count in words is 1 px, hidden)
      const labels = await bar
        .locator('a > span:not(:first-child)')
        .evaluateAll((spans) =>
          spans
            .map((span) => ({ text: span.textContent, height: span.getBoundingClientRect().height }))
            .filter((item) => item.height > 1),
        );
      expect(labels).toHaveLength(4);
      expect(labels.map((item) => item.text)).toContain(label);
      const lineHeight = Math.min(...labels.map((item) => item.height));
      for (const item of labels) expect(item.height).toBeLessThan(lineHeight * 1.5);
      await shot(page, `phone-${locale}-home`);

      // the personal centre's avatar, cropped to fill its circle too
      await page.goto(`${shop.origin}/user/center/info`);
      await settled(page);
      const shown = await page
        .getByRole('img', { name: avatar, exact: true })
        .evaluate((node: HTMLImageElement) => ({
          fit: getComputedStyle(node).objectFit,
          width: node.getBoundingClientRect().width,
          height: node.getBoundingClientRect().height,
        }));
      expect(shown).toEqual({ fit: 'cover', width: 64, height: 64 });
    } finally {
      await context.close();
    }
  });
});
