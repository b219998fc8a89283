/**
 * End to end without JavaScript: Chromium with scripts off against the real servers. Every form is
 * a real form the server runs (the route actions of web/src/app/form-actions/, through the
 * gateway's form posts): a shopper logs in (a wrong password comes back with the message and the
 * account kept, the password empty), searches from the header, sorts, filters and pages through
 * links, adds to the cart, changes a quantity, sees the cart, logs out (the cart then says to log
 * in), registers (a refused phone number comes back beside its field), changes the password and
 * verifies the real name in the personal centre. No request of the whole run carries a password in
 * its URL.
 */

import { citizenIdCheckChar } from '@shop/common/validators.ts';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { holdScripts, type Shop, shot as shotOf, startShop } from './harness.ts';
import { submitted } from './no-script-forms.ts';

let shop: Shop;
let context: BrowserContext;
let page: Page;
/** Every URL the browser asked for, in order. */
const requested: string[] = [];

const suffix = String(Date.now()).slice(-7);
const newcomer = {
  username: `ns_${suffix}`,
  password: 'Passw0rd.ns',
  phone: `137${suffix.padStart(8, '0')}`,
};

const shot = (name: string) => shotOf(page, `no-script-${name}`);
const url = () => new URL(page.url());

beforeAll(async () => {
  shop = await startShop();
  context = await shop.browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 1280, height: 900 },
    locale: 'zh-CN',
  });
  context.setDefaultTimeout(20_000);
  page = await context.newPage();
  page.on('request', (request) => requested.push(request.url()));
});

afterAll(async () => {
  await context?.close();
  await shop?.close();
});

/** Submits a form by `click` and returns the document's answer to its POST. */
const post = (click: () => Promise<void>) => submitted(page, click);

const sessionCookie = async () =>
  (await context.cookies(shop.origin)).find((cookie) => cookie.name === 'shop_session');

describe('the shop without JavaScript', () => {
  it('logs in from the header link; a wrong password comes back with its message, the account kept', async () => {
    onTestFailed(() => shot('failure-login'));
    await page.goto(`${shop.origin}/home`);
    expect(await page.evaluate(() => 'no script ran')).toBe('no script ran');
    await page.getByRole('banner').getByRole('link', { name: '登录', exact: true }).click();
    await page.waitForURL(/\/login\?redirect=%2Fhome$/);

    const form = page.getByRole('form', { name: '用户登录' });
    await form.getByRole('textbox', { name: /用户名\/手机号/ }).fill('demo');
    await form.getByLabel(/密码/).fill('wrong-password1');
    const refused = await post(() => form.getByRole('button', { name: '登录', exact: true }).click());
    expect(refused.status()).toBe(400);
    expect(refused.headers()['cache-control']).toBe('no-store');
    expect(url().pathname).toBe('/login');
    await expect.poll(() => form.getByRole('alert').first().textContent()).toMatch(/\S/);
    expect(await form.getByRole('textbox', { name: /用户名\/手机号/ }).inputValue()).toBe('demo');
    expect(await form.getByLabel(/密码/).inputValue()).toBe('');
    expect(await sessionCookie()).toBeUndefined();
    await shot('login-refused');

    // a field left empty: the shared rule's message beside it, in the page's language
    await form.getByRole('textbox', { name: /用户名\/手机号/ }).fill('');
    const empty = await post(() => form.getByRole('button', { name: '登录', exact: true }).click());
    expect(empty.status()).toBe(400);
    await page.getByText('用户名/手机号 不能为空').waitFor();
    await page.getByText('密码 不能为空').waitFor();

    await form.getByRole('textbox', { name: /用户名\/手机号/ }).fill(' demo ');
    await form.getByLabel(/密码/).fill('demo123');
    const accepted = await post(() => form.getByRole('button', { name: '登录', exact: true }).click());
    expect(accepted.status()).toBe(303);
    expect(url().pathname).toBe('/home');
    expect(await sessionCookie()).toBeDefined();
    await page
      .getByRole('banner')
      .getByRole('button', { name: /用户菜单/ })
      .waitFor();
    await shot('signed-in');
  });

  it('searches from the header, then sorts, filters and pages through links', async () => {
    onTestFailed(() => shot('failure-search'));
    const search = page.getByRole('search');
    await search.getByRole('combobox', { name: '搜索商品' }).fill('手机');
    await search.getByRole('button', { name: '搜索' }).click();
    await page.waitForURL(/\/category\/search-result\?keyword=/);
    expect(url().searchParams.get('keyword')).toBe('手机');
    await page.getByRole('heading', { name: /手机/ }).first().waitFor();
    expect(await page.getByTestId('product-card').count()).toBeGreaterThan(0);

    await page.getByRole('group', { name: '排序' }).getByRole('link', { name: '销量' }).click();
    await page.waitForURL(/sort=sales/);
    expect(url().searchParams.get('keyword')).toBe('手机');
    expect(
      await page
        .getByRole('group', { name: '排序' })
        .getByRole('link', { name: '销量' })
        .getAttribute('aria-current'),
    ).toBe('true');

    const categories = page.getByRole('group', { name: '分类' });
    const facet = categories.getByRole('link').nth(1);
    const facetName = ((await facet.textContent()) ?? '').replace(/\s*\(\d+\)$/, '');
    await facet.click();
    await page.waitForURL(/category=/);
    expect(url().searchParams.get('sort')).toBe('sales');
    expect(
      await categories.getByRole('link', { name: new RegExp(facetName) }).getAttribute('aria-current'),
    ).toBe('true');
    await shot('search-filtered');

    // a list of more than one page: the pager's links
    await page.goto(`${shop.origin}/goods/list`);
    const pager = page.getByRole('navigation', { name: '分页' });
    await pager.getByRole('link', { name: '下一页' }).click();
    await page.waitForURL(/page=2/);
    expect(await pager.getByRole('link', { name: '第 2 页' }).getAttribute('aria-current')).toBe('page');
    await pager.getByRole('link', { name: '第 1 页' }).click();
    await page.waitForURL((address) => !address.search.includes('page='));
  });

  it('adds a product to the cart, changes its quantity and sees the cart', async () => {
    onTestFailed(() => shot('failure-cart'));
    await page.goto(`${shop.origin}/goods/hot`);
    await page.getByTestId('product-card').first().getByRole('link').first().click();
    await page.waitForURL(/\/goods\/detail\/\d+/);
    const name = ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').trim();
    // nothing on the page says it needs scripts (buying and checking out work without)
    expect(await page.locator('main noscript p').count()).toBe(0);
    await page.getByRole('textbox', { name: '数量', exact: true }).fill('2');
    const added = await post(() => page.getByRole('button', { name: '加入购物车' }).click());
    expect(added.status()).toBe(303);
    expect(url().pathname).toBe('/cart');

    const row = page.getByRole('row', { name: new RegExp(name.slice(0, 8)) });
    const quantity = row.getByRole('textbox', { name: /数量/ });
    expect(Number(await quantity.inputValue())).toBeGreaterThanOrEqual(2);
    await quantity.fill('3');
    const updated = await post(() => row.getByRole('button', { name: '更新数量' }).click());
    expect(updated.status()).toBe(303);
    expect(url().pathname).toBe('/cart');
    expect(
      await page
        .getByRole('row', { name: new RegExp(name.slice(0, 8)) })
        .getByRole('textbox', { name: /数量/ })
        .inputValue(),
    ).toBe('3');
    // every control of the cart works without scripts (no-script-cart.e2e): no note says otherwise
    expect(await page.locator('main noscript p').count()).toBe(0);
    await shot('cart');
  });

  it('logs out; the cart then sends the visitor to log in, and back to the cart after', async () => {
    onTestFailed(() => shot('failure-logout'));
    await page.goto(`${shop.origin}/home`);
    const out = await post(() => page.getByRole('banner').getByRole('button', { name: '退出登录' }).click());
    expect(out.status()).toBe(303);
    expect(url().pathname).toBe('/login');
    expect(await sessionCookie()).toBeUndefined();

    const cart = await page.goto(`${shop.origin}/cart`);
    // the server's redirect, followed: the login form, which leads back to the cart
    expect(cart?.request().redirectedFrom()?.url()).toBe(`${shop.origin}/cart`);
    expect(url().pathname + url().search).toBe('/login?redirect=%2Fcart');
    await page.getByRole('form', { name: '用户登录' }).waitFor();
    await shot('cart-signed-out');
  });

  it('registers: a refused field comes back beside it, then the new shopper is signed in', async () => {
    onTestFailed(() => shot('failure-register'));
    await page.goto(`${shop.origin}/home`);
    await page.getByRole('banner').getByRole('link', { name: '注册', exact: true }).click();
    await page.waitForURL(/\/login\?mode=register/);
    const form = page.getByRole('form', { name: '用户注册' });
    await form.getByRole('textbox', { name: /用户名/ }).fill(newcomer.username);
    await form.getByLabel(/^\*?密码/).fill(newcomer.password);
    await form.getByRole('textbox', { name: /手机号码/ }).fill('12345');
    const refused = await post(() => form.getByRole('button', { name: '注册', exact: true }).click());
    expect(refused.status()).toBe(400);
    const phone = form.getByRole('textbox', { name: /手机号码/ });
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    expect(await phone.inputValue()).toBe('12345');
    expect(await form.getByRole('textbox', { name: /用户名/ }).inputValue()).toBe(newcomer.username);
    expect(await form.getByLabel(/^\*?密码/).inputValue()).toBe('');
    await shot('register-refused');

    await form.getByLabel(/^\*?密码/).fill(newcomer.password);
    await phone.fill(newcomer.phone);
    const accepted = await post(() => form.getByRole('button', { name: '注册', exact: true }).click());
    expect(accepted.status()).toBe(303);
    expect(url().pathname).toBe('/home');
    await page
      .getByRole('banner')
      .getByRole('button', { name: new RegExp(`用户菜单.*${newcomer.username}`) })
      .waitFor();
  });

  it('changes the password and verifies the real name in the personal centre', async () => {
    onTestFailed(() => shot('failure-user-centre'));
    await page.goto(`${shop.origin}/user/center/password`);
    const panel = page.getByRole('region', { name: '修改密码' });
    const fill = async (old: string, next: string, confirm: string) => {
      await panel.getByLabel(/原密码/).fill(old);
      await panel.getByLabel(/新密码/).fill(next);
      await panel.getByLabel(/确认密码/).fill(confirm);
    };
    await fill(newcomer.password, 'Newpass9.ns', 'Newpass9.nx');
    const mismatch = await post(() => panel.getByRole('button', { name: '保存' }).click());
    expect(mismatch.status()).toBe(400);
    await panel.getByText('请确认两次密码输入一致').waitFor();
    expect(await panel.getByLabel(/原密码/).inputValue()).toBe('');
    await fill(newcomer.password, 'Newpass9.ns', 'Newpass9.ns');
    const changed = await post(() => panel.getByRole('button', { name: '保存' }).click());
    expect(changed.status()).toBe(303);
    expect(url().pathname).toBe('/user/center/password');
    newcomer.password = 'Newpass9.ns';

    await page.goto(`${shop.origin}/user/center/info`);
    const first17 = '11010519900307123';
    const check = citizenIdCheckChar(first17);
    const wrong = `${first17}${check === '4' ? '5' : '4'}`;
    const real = page.getByRole('form', { name: '实名认证' });
    await real.getByRole('textbox', { name: /真实姓名/ }).fill('张三');
    await real.getByRole('textbox', { name: /身份证号码/ }).fill(wrong);
    const refused = await post(() => real.getByRole('button', { name: '提交实名认证' }).click());
    expect(refused.status()).toBe(400);
    const id = page.getByRole('form', { name: '实名认证' }).getByRole('textbox', { name: /身份证号码/ });
    expect(await id.getAttribute('aria-invalid')).toBe('true');
    expect(await id.inputValue()).toBe(wrong);
    await id.fill(`${first17}${check}`);
    const verified = await post(() =>
      page.getByRole('form', { name: '实名认证' }).getByRole('button', { name: '提交实名认证' }).click(),
    );
    expect(verified.status()).toBe(303);
    await page.getByTestId('real-name-verified').waitFor();
    await shot('real-name-verified');

    // the new password is the one that signs in
    await post(() => page.getByRole('banner').getByRole('button', { name: '退出登录' }).click());
    const login = page.getByRole('form', { name: '用户登录' });
    await login.getByRole('textbox', { name: /用户名\/手机号/ }).fill(newcomer.username);
    await login.getByLabel(/密码/).fill(newcomer.password);
    const again = await post(() => login.getByRole('button', { name: '登录', exact: true }).click());
    expect(again.status()).toBe(303);
    expect(await sessionCookie()).toBeDefined();
  });

  it('never put a password in a URL', () => {
    expect(requested.length).toBeGreaterThan(20);
    // no query field named for one, and none of the passwords typed anywhere in an address
    const typed = ['demo123', 'wrong-password1', 'Passw0rd.ns', 'Newpass9.ns', 'Newpass9.nx'];
    const leaks = requested.filter((address) => {
      const { search } = new URL(address);
      const named = [...new URLSearchParams(search).keys()].some((key) => /pass/i.test(key));
      return named || typed.some((password) => decodeURIComponent(address).includes(password));
    });
    expect(leaks).toEqual([]);
    // the password panel's own address was asked for (the check looked at it)
    expect(requested.some((address) => address.endsWith('/user/center/password'))).toBe(true);
  });
});

describe('a form sent before the scripts have loaded', () => {
  it('signs in on the server, the password never in the URL', async () => {
    const early = await shop.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
    early.setDefaultTimeout(20_000);
    const asked: string[] = [];
    // the page's scripts do not arrive until the form has been sent
    const release = await holdScripts(early);
    try {
      const tab = await early.newPage();
      tab.on('request', (request) => asked.push(request.url()));
      await tab.goto(`${shop.origin}/login?redirect=%2Fcart`, { waitUntil: 'commit' });
      const form = tab.getByRole('form', { name: '用户登录' });
      await form.getByRole('textbox', { name: /用户名\/手机号/ }).fill('demo');
      await form.getByLabel(/密码/).fill('demo123');
      const [answer] = await Promise.all([
        tab.waitForResponse((res) => res.request().method() === 'POST'),
        form.getByRole('button', { name: '登录', exact: true }).click(),
      ]);
      expect(answer.status()).toBe(303);
      expect(answer.headers().location).toBe('/cart');
      await tab.waitForURL(/\/cart$/, { waitUntil: 'commit' });
      expect((await early.cookies(shop.origin)).some((cookie) => cookie.name === 'shop_session')).toBe(true);
      expect(asked.filter((address) => address.includes('demo123') || /[?&]password=/.test(address))).toEqual(
        [],
      );
    } finally {
      release();
      await early.close();
    }
  });
});
