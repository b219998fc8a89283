/**
 * End to end, the stock dialog: Debian's Chromium against the real gateway and service. The admin
 * opens it from the product list with the keyboard only, adds units with a reason and a note, sees
 * the stock it will leave before saving, and gets the focus back on the list's button with the new
 * stock in the row and the change in the ledger; a change below zero is refused with how many are
 * in stock. The dialog passes axe in zh-CN and en-GB at 1280 px and fits a 390 px phone.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { axeViolations, settle } from './a11y.ts';
import { hydrated, PHONE_VIEWPORT, type Shop, shot, startShop } from './harness.ts';
import { gql } from './shopper.ts';

let shop: Shop;

async function signedInAdmin(locale: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await shop.browser.newContext({ viewport, locale });
  context.setDefaultTimeout(20_000);
  await context.addCookies([{ name: 'shop_locale', value: locale, url: shop.origin }]);
  const page = await context.newPage();
  await page.goto(`${shop.origin}/home`);
  await gql(page, 'mutation($input: LoginInput!) { login(input: $input) { defaultPassword } }', {
    input: { account: 'admin', password: 'admin123' },
  });
  return page;
}

/** The stock shown in the product list's row of the button `opener`. */
async function rowStock(page: Page, opener: Locator): Promise<number> {
  const header = await page.locator('thead th').allTextContents();
  const column = header.findIndex((text) => /库存|Stock/.test(text));
  const row = opener.locator('xpath=ancestor::tr[1]');
  return Number((await row.locator('th, td').nth(column).textContent())?.trim());
}

beforeAll(async () => {
  shop = await startShop();
}, 400_000);

afterAll(async () => {
  await shop?.close();
});

describe('the stock dialog end to end', () => {
  it('adjusts stock with the keyboard only and gives the focus back; below zero is refused with the stock left', async () => {
    const page = await signedInAdmin('zh-CN');
    onTestFailed(() => shot(page, 'stock-failure-keyboard'));
    await page.goto(`${shop.origin}/admin/products`);
    await page.getByRole('heading', { level: 1, name: '商品管理' }).waitFor();
    const first = page.getByRole('button', { name: /^调整库存 / }).first();
    await hydrated(first);
    // the product's own button: the list re-sorts by the latest change
    const opener = page.getByRole('button', {
      name: (await first.getAttribute('aria-label')) ?? '',
      exact: true,
    });
    const before = await rowStock(page, opener);
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /^调整库存：/ });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByTestId('stock-current').textContent()).toBe(String(before));

    // Reason, direction, units, note: typed, never clicked.
    await dialog.getByLabel(/调整原因/).focus();
    await dialog.getByLabel(/调整原因/).selectOption('RESTOCK');
    await dialog.getByRole('radio', { name: '增加' }).focus();
    await page.keyboard.press('Space');
    await dialog.getByLabel(/数量/).focus();
    await page.keyboard.type('7');
    await expect
      .poll(() => dialog.getByTestId('stock-after').textContent())
      .toBe(`调整后库存：${before + 7} 件`);
    await page.keyboard.press('Tab');
    await page.keyboard.type('键盘补货');
    await dialog.getByRole('button', { name: '保存' }).focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => opener.evaluate((element) => element === document.activeElement)).toBe(true);
    await expect.poll(() => rowStock(page, opener)).toBe(before + 7);

    await page.keyboard.press('Enter');
    await dialog.waitFor();
    const ledger = dialog.getByRole('region', { name: '库存记录' });
    await expect.poll(() => ledger.locator('tbody tr').first().textContent()).toContain('键盘补货');
    await dialog.getByLabel(/调整原因/).selectOption('DAMAGE');
    await dialog.getByRole('radio', { name: '减少' }).check();
    await dialog.getByLabel(/数量/).fill(String(before + 8));
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect
      .poll(() =>
        dialog
          .getByText(`库存不足：当前库存 ${before + 7} 件，不能减少 ${before + 8} 件`)
          .first()
          .isVisible(),
      )
      .toBe(true);
    expect(await dialog.getByLabel(/数量/).inputValue()).toBe(String(before + 8));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await rowStock(page, opener)).toBe(before + 7);
  });

  it('passes axe in both languages and keeps every control inside a 390 px phone', async () => {
    const violations: string[] = [];
    for (const locale of ['zh-CN', 'en-GB']) {
      for (const viewport of [{ width: 1280, height: 900 }, PHONE_VIEWPORT]) {
        const page = await signedInAdmin(locale, viewport);
        const where = `stock dialog ${locale} ${viewport.width}px`;
        onTestFailed(() => shot(page, `stock-failure-${locale}-${viewport.width}`));
        await page.goto(`${shop.origin}/admin/products`);
        const opener = page
          .getByRole('button', { name: locale === 'en-GB' ? /^Adjust stock of / : /^调整库存 / })
          .first();
        await hydrated(opener);
        await opener.click();
        const dialog = page.getByRole('dialog');
        await dialog.waitFor();
        await dialog.getByRole('region').waitFor();
        // the refusal of an empty form, so the error states are checked too
        await dialog.getByRole('button', { name: locale === 'en-GB' ? 'Save' : '保存' }).click();
        await settle(page);
        violations.push(...(await axeViolations(page, where)));
        if (viewport.width === PHONE_VIEWPORT.width) {
          const outside = await dialog.evaluate((element) => {
            const width = document.documentElement.clientWidth;
            return [...element.querySelectorAll<HTMLElement>('button, select, input')]
              .filter((control) => !control.closest('[role="region"]'))
              .map((control) => control.getBoundingClientRect())
              .filter((box) => box.width > 0 && (box.left < -0.5 || box.right > width + 0.5))
              .map((box) => `${box.left}-${box.right}`);
          });
          expect(outside, where).toEqual([]);
        }
        await shot(page, `stock-dialog-${locale}-${viewport.width}`);
        await page.context().close();
      }
    }
    expect(violations).toEqual([]);
  });
});
