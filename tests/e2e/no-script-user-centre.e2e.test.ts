/**
 * The personal centre without JavaScript, on a 390-px phone, in both languages: a newly registered
 * shopper changes the display name and gender and uploads an avatar (zh-CN), verifies the real
 * name with a bad then a good ID number and changes the password (en-GB, `?lang=`). Each form is
 * sent to the server, which answers the panel again with the text the script shows as a toast, or
 * the form with its messages; the shopper stays signed in after the password change, as with
 * JavaScript.
 */

import { citizenIdCheckChar } from '@shop/common/validators.ts';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { png } from '../service/png-fixture.ts';
import { type Shop, shot as shotOf, startShop } from './harness.ts';
import { submitted } from './no-script-forms.ts';
import { controlsOutsideViewport } from './viewport.ts';

let shop: Shop;
let context: BrowserContext;
let page: Page;

const suffix = String(Date.now()).slice(-7);
const shopper = {
  username: `nsc_${suffix}`,
  password: 'Passw0rd.nc',
  phone: `136${suffix.padStart(8, '0')}`,
};

const shot = (name: string) => shotOf(page, `no-script-user-centre-${name}`);
const url = () => new URL(page.url());

beforeAll(async () => {
  shop = await startShop();
  context = await shop.browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    locale: 'zh-CN',
  });
  context.setDefaultTimeout(20_000);
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await shop?.close();
});

/** Submits a form by `click` and returns the document's answer to its POST. */
const post = (click: () => Promise<void>) => submitted(page, click);

/** What the page says in its status lines (the forms' success texts). */
const statuses = () => page.locator('main p[role="status"]').allTextContents();

describe('the personal centre without JavaScript, at 390 px', () => {
  it('registers, then saves the display name and gender and uploads an avatar (zh-CN)', async () => {
    onTestFailed(() => shot('failure-profile'));
    await page.goto(`${shop.origin}/login?mode=register&redirect=%2Fuser%2Fcenter%2Finfo`);
    const register = page.getByRole('form', { name: '用户注册' });
    await register.getByRole('textbox', { name: /用户名/ }).fill(shopper.username);
    await register.getByLabel(/^\*?密码/).fill(shopper.password);
    await register.getByRole('textbox', { name: /手机号码/ }).fill(shopper.phone);
    expect(
      (await post(() => register.getByRole('button', { name: '注册', exact: true }).click())).status(),
    ).toBe(303);
    expect(url().pathname).toBe('/user/center/info');

    const panel = page.getByRole('region', { name: '我的信息' });
    // an empty name comes back with the rule's message, nothing saved
    await panel.getByRole('textbox', { name: /显示名称/ }).fill(' ');
    const refused = await post(() => panel.getByRole('button', { name: '保存', exact: true }).click());
    expect(refused.status()).toBe(400);
    await panel.getByText('请输入内容').or(panel.getByText('显示名称 不能为空')).first().waitFor();

    await panel.getByRole('textbox', { name: /显示名称/ }).fill('小明');
    await panel.getByRole('combobox', { name: /性别/ }).selectOption('FEMALE');
    const saved = await post(() => panel.getByRole('button', { name: '保存', exact: true }).click());
    expect(saved.status()).toBe(303);
    expect(url().pathname + url().search).toBe('/user/center/info?done=profile');
    expect(await statuses()).toContain('保存成功!');
    expect(await panel.getByRole('textbox', { name: /显示名称/ }).inputValue()).toBe('小明');
    expect(await panel.getByRole('combobox', { name: /性别/ }).inputValue()).toBe('FEMALE');

    // a file that is not a picture is refused before anything is uploaded
    await panel
      .getByLabel('上传头像')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
    const wrong = await post(() => panel.getByRole('button', { name: '上传所选头像' }).click());
    expect(wrong.status()).toBe(400);
    await panel.getByRole('alert').getByText('请上传 jpeg/jpg/png/gif 格式的图片').waitFor();

    await panel
      .getByLabel('上传头像')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png({}) });
    const uploaded = await post(() => panel.getByRole('button', { name: '上传所选头像' }).click());
    expect(uploaded.status()).toBe(303);
    expect(url().search).toBe('?done=avatar');
    expect(await statuses()).toContain('保存成功!');
    const avatar = panel.getByRole('img', { name: '头像' });
    expect(await avatar.getAttribute('src')).toMatch(/fullfilename=[0-9a-f]{32}\.png/);
    // the form's controls, the avatar's button among them, fit the phone's width
    expect(await controlsOutsideViewport(page)).toEqual([]);
    await shot('profile');
  });

  it('verifies the real name, a bad ID number first, and changes the password (en-GB)', async () => {
    onTestFailed(() => shot('failure-real-name'));
    await page.goto(`${shop.origin}/user/center/info?lang=en-GB`);
    const first17 = '11010519900307123';
    const check = citizenIdCheckChar(first17);
    const real = page.getByRole('form', { name: 'Real-name verification' });
    await real.getByRole('textbox', { name: /Real name/ }).fill('张三');
    await real.getByRole('textbox', { name: /ID/ }).fill(`${first17}${check === '4' ? '5' : '4'}`);
    const refused = await post(() => real.getByRole('button').click());
    expect(refused.status()).toBe(400);
    const id = page
      .getByRole('form', { name: 'Real-name verification' })
      .getByRole('textbox', { name: /ID/ });
    expect(await id.getAttribute('aria-invalid')).toBe('true');
    await id.fill(`${first17}${check}`);
    const verified = await post(() =>
      page.getByRole('form', { name: 'Real-name verification' }).getByRole('button').click(),
    );
    expect(verified.status()).toBe(303);
    expect(url().search).toBe('?lang=en-GB&done=realName');
    await page.getByTestId('real-name-verified').waitFor();
    expect(await statuses()).toContain('Operation was successful!');

    await page.goto(`${shop.origin}/user/center/password?lang=en-GB`);
    const panel = page.getByRole('region', { name: 'Modify password' });
    const fill = async (next: string, confirm: string) => {
      await panel.getByLabel(/Old password/).fill(shopper.password);
      await panel.getByLabel(/New password/).fill(next);
      await panel.getByLabel(/Confirm password/).fill(confirm);
    };
    await fill('Newpass9.nc', 'Newpass9.nx');
    const mismatch = await post(() => panel.getByRole('button', { name: 'Save' }).click());
    expect(mismatch.status()).toBe(400);
    await panel
      .getByText('Please make sure the password inputs are consistent between the two times')
      .waitFor();
    await fill('Newpass9.nc', 'Newpass9.nc');
    const changed = await post(() => panel.getByRole('button', { name: 'Save' }).click());
    expect(changed.status()).toBe(303);
    expect(url().pathname + url().search).toBe('/user/center/password?lang=en-GB&done=password');
    expect(await statuses()).toContain('Password changed; other devices have been signed out');
    // still signed in on this device, as after the scripted change
    await page
      .getByRole('banner')
      .getByRole('button', { name: new RegExp(shopper.username) })
      .or(page.getByRole('banner').getByText('小明'))
      .first()
      .waitFor();
    await shot('password');
  });
});
