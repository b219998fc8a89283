/**
 * End to end, categories and home cards: Debian's Chromium against the real gateway and service.
 * A visitor has the home page and the category page in the caches; the admin renames a category
 * and retitles the lead banner with the keyboard only, and the visitor's next loads show both
 * within 2 s (the edits purge the cached answers and pages); the admin's pages hydrate without an
 * error. Both screens, with their dialog or editor open, pass axe in zh-CN and en-GB at 1280 and
 * 390 px and keep every control inside the phone's width.
 * Screenshots: test-results/screenshots/catalogue-structure-*.png.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { axeViolations, settle } from './a11y.ts';
import { hydrated, PHONE_VIEWPORT, type Shop, shot, startShop } from './harness.ts';
import { gql } from './shopper.ts';

let shop: Shop;

/** What the promise says: a change shows to shoppers within this long of its save. */
const FRESH_WITHIN_MS = 2_000;

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

/**
 * Reloads `path` as a visitor until `text` is on it; how long that took after `since`. A reload,
 * as a shopper checking for news does: the browser asks again instead of reusing its own copy.
 */
async function shownAfter(visitor: Page, path: string, text: string, since: number): Promise<number> {
  await visitor.goto(`${shop.origin}${path}`);
  for (;;) {
    if ((await visitor.content()).includes(text)) return Date.now() - since;
    if (Date.now() - since > 10_000) throw new Error(`${text} not on ${path} after 10 s`);
    await visitor.reload();
  }
}

/** Controls of `scope` that stick out of the page's width (a phone must not scroll sideways). */
const outsideViewport = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [
      ...document.querySelectorAll<HTMLElement>(
        'main button, main select, main input, [role="dialog"] button, [role="dialog"] input',
      ),
    ]
      .filter((control) => !control.closest('[inert]'))
      .map((control) => control.getBoundingClientRect())
      .filter((box) => box.width > 0 && (box.left < -0.5 || box.right > width + 0.5))
      .map((box) => `${box.left}-${box.right}`);
  });

beforeAll(async () => {
  shop = await startShop();
}, 400_000);

afterAll(async () => {
  await shop?.close();
});

describe('categories and home cards end to end', () => {
  it('renames a category and retitles the lead banner with the keyboard; a visitor sees both within 2 s', async () => {
    const visitorContext = await shop.browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'zh-CN',
    });
    const visitor = await visitorContext.newPage();
    // the pages and their data in the caches before the edits
    for (const path of ['/home', '/category', '/home', '/category'])
      await visitor.goto(`${shop.origin}${path}`);

    const admin = await signedInAdmin('zh-CN');
    onTestFailed(() => shot(admin, 'catalogue-structure-failure-edit'));
    const hydrationErrors: string[] = [];
    admin.on('console', (message) => {
      if (message.type() === 'error' && /hydrat/i.test(message.text())) hydrationErrors.push(message.text());
    });
    await admin.goto(`${shop.origin}/admin/categories`);
    await admin.getByRole('heading', { level: 1, name: '分类管理' }).waitFor();
    const edit = admin.getByRole('button', { name: /^编辑 / }).first();
    await hydrated(edit);
    const oldName = (await edit.getAttribute('aria-label'))!.replace(/^编辑 /, '');
    await edit.focus();
    await admin.keyboard.press('Enter');
    const dialog = admin.getByRole('dialog', { name: `编辑 ${oldName}` });
    await dialog.waitFor();
    const newName = `新${oldName}`.slice(0, 20);
    await dialog.getByRole('textbox', { name: /中文名称/ }).focus();
    await admin.keyboard.press('ControlOrMeta+A');
    await admin.keyboard.type(newName);
    await dialog.getByRole('button', { name: '保存' }).focus();
    await admin.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    const renamedAt = Date.now();
    const categoryShown = await shownAfter(visitor, '/category', newName, renamedAt);

    await admin.goto(`${shop.origin}/admin/home-cards`);
    await admin.getByRole('heading', { level: 1, name: '首页卡片' }).waitFor();
    const editCard = admin.getByRole('button', { name: /^编辑 / }).first();
    await hydrated(editCard);
    await editCard.focus();
    await admin.keyboard.press('Enter');
    const editor = admin.getByRole('region', { name: /^编辑卡片：/ });
    await editor.waitFor();
    const title = editor.getByRole('textbox', { name: /中文标题/ });
    await title.focus();
    await admin.keyboard.press('ControlOrMeta+A');
    await admin.keyboard.type('冬日限定');
    // the preview follows what is typed, drawn by the storefront's own cards
    await expect.poll(() => admin.getByTestId('home-card-preview').textContent()).toContain('冬日限定');
    await editor.getByRole('button', { name: '保存' }).focus();
    await admin.keyboard.press('Enter');
    await expect
      .poll(() => admin.getByRole('list', { name: '卡片列表' }).textContent())
      .toContain('冬日限定');
    const savedAt = Date.now();
    const cardShown = await shownAfter(visitor, '/home', '冬日限定', savedAt);
    await shot(visitor, 'catalogue-structure-home-after-edit');

    console.info(
      `shown to a visitor after the save: category ${categoryShown} ms, home card ${cardShown} ms`,
    );
    expect(categoryShown).toBeLessThanOrEqual(FRESH_WITHIN_MS);
    expect(cardShown).toBeLessThanOrEqual(FRESH_WITHIN_MS);
    expect(hydrationErrors).toEqual([]);
    await visitorContext.close();
    await admin.context().close();
  });

  it('passes axe on both screens with their dialog or editor open, in both languages, and fits a 390 px phone', async () => {
    const violations: string[] = [];
    for (const locale of ['zh-CN', 'en-GB']) {
      const english = locale === 'en-GB';
      for (const viewport of [{ width: 1280, height: 900 }, PHONE_VIEWPORT]) {
        const page = await signedInAdmin(locale, viewport);
        const where = `${locale} ${viewport.width}px`;
        onTestFailed(() => shot(page, `catalogue-structure-failure-${locale}-${viewport.width}`));

        await page.goto(`${shop.origin}/admin/categories`);
        const edit = page.getByRole('button', { name: english ? /^Edit / : /^编辑 / }).first();
        await hydrated(edit);
        await settle(page);
        violations.push(...(await axeViolations(page, `categories ${where}`)));
        await page.getByRole('button', { name: english ? 'New category' : '新增分类' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.waitFor();
        // the refusal of an empty form, so the error states are checked too
        await dialog.getByRole('button', { name: english ? 'Create' : '创建' }).click();
        await settle(page);
        violations.push(...(await axeViolations(page, `new category ${where}`)));
        if (viewport.width === PHONE_VIEWPORT.width) expect(await outsideViewport(page), where).toEqual([]);
        await shot(page, `catalogue-structure-categories-${locale}-${viewport.width}`);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });

        await page.goto(`${shop.origin}/admin/home-cards`);
        const editCard = page.getByRole('button', { name: english ? /^Edit / : /^编辑 / }).first();
        await hydrated(editCard);
        await editCard.click();
        const editor = page.getByRole('region', { name: english ? /^Editing: / : /^编辑卡片：/ });
        await editor.waitFor();
        await editor.getByRole('textbox', { name: english ? /English title/ : /中文标题/ }).fill('');
        await editor.getByRole('button', { name: english ? 'Save' : '保存' }).click();
        await settle(page);
        violations.push(...(await axeViolations(page, `home cards ${where}`)));
        if (viewport.width === PHONE_VIEWPORT.width) expect(await outsideViewport(page), where).toEqual([]);
        await shot(page, `catalogue-structure-home-cards-${locale}-${viewport.width}`);
        await page.context().close();
      }
    }
    expect(violations).toEqual([]);
  });
});
