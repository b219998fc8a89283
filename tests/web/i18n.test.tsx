import fs from 'node:fs';
import path from 'node:path';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { pastLastPageMessages } from '../../web/src/components/past-last-page-messages.ts';
import { quantityMessages } from '../../web/src/components/quantity-messages.ts';
import { addressMessages } from '../../web/src/features/address/address-messages.ts';
import { checkoutMessages } from '../../web/src/features/checkout/checkout-messages.ts';
import { orderCardMessages } from '../../web/src/features/order/order-card-messages.ts';
import { shopperMessages } from '../../web/src/features/order/shopper-messages.ts';
import { LOCALE_STORAGE_KEY, loadStoredLocale } from '../../web/src/i18n/LocaleProvider.tsx';
import { LocaleSwitcher } from '../../web/src/i18n/LocaleSwitcher.tsx';
import { catalogues, type Locale } from '../../web/src/i18n/messages-collect.ts';
import { getSidebarOpened, setSidebarOpened } from '../../web/src/layout/layout-store.ts';
import { resetSecureStorageKeyCache } from '../../web/src/lib/secure-cipher.ts';
import { secureStorage } from '../../web/src/lib/secure-storage.ts';
import { adminMessages } from '../../web/src/pages/admin/admin-messages.ts';
import { noAuthorityMessages } from '../../web/src/pages/no-authority/no-authority-messages.ts';
import { userCenterMessages } from '../../web/src/pages/user-center/user-center-messages.ts';
import { renderApp } from './app-harness.tsx';
import { sessionMock, shellMock } from './fixtures.ts';
import { renderWithProviders } from './render.tsx';

afterEach(() => resetSecureStorageKeyCache());

/** Every catalogue module of the app, by path: its default export is its texts in both locales. */
const catalogueModules = import.meta.glob<{ default: Record<Locale, Record<string, string>> }>(
  '../../web/src/**/*messages.ts',
  { eager: true },
);

describe('catalogues', () => {
  it.each(Object.entries(catalogueModules))('%s: every key exists in both locales', (_path, mod) => {
    expect(Object.keys(mod.default['en-GB']).sort()).toEqual(Object.keys(mod.default['zh-CN']).sort());
  });

  it('no id is defined by two catalogues (one would shadow the other, depending on load order)', () => {
    const owner = new Map<string, string>();
    const twice: string[] = [];
    for (const [path, mod] of Object.entries(catalogueModules)) {
      for (const key of Object.keys(mod.default['zh-CN'])) {
        if (owner.has(key)) twice.push(`${key}: ${owner.get(key)} and ${path}`);
        owner.set(key, path);
      }
    }
    expect(twice).toEqual([]);
  });

  it('every catalogue module is part of the ids the compiler checks', () => {
    const listed = fs.readFileSync(path.resolve('web/src/i18n/message-ids.ts'), 'utf8');
    const missing = Object.keys(catalogueModules)
      .map((file) => file.replace('../../web/src/', '../'))
      .filter((file) => !listed.includes(`from '${file.replace('../i18n/', './')}'`));
    expect(missing).toEqual([]);
  });

  it('carries the documented texts', () => {
    expect(catalogues['zh-CN']['layout.customerServiceNotSet']).toBe('客服未设置！');
    expect(catalogues['en-GB']['auth.confirmExit']).toBe('Confirm to exit?');
    expect(catalogues['zh-CN']['storage.encryptionError']).toBe('数据加密异常');
    expect(catalogues['en-GB']['storage.encryptionError']).toBe('data encryption exception');
  });

  it("adds the form rules' texts with the first form", async () => {
    await import('../../web/src/components/form/rule-messages.ts');
    expect(catalogues['zh-CN']['validation.required']).toBe('{field} 不能为空');
    expect(catalogues['zh-CN']['validation.enterContent']).toBe('请输入内容');
    expect(catalogues['zh-CN']['account.passwordMismatch']).toBe('请确认两次密码输入一致');
    expect(catalogues['en-GB']['account.passwordMismatch']).toBe(
      'Please make sure the password inputs are consistent between the two times',
    );
  });
});

describe('locale switcher', () => {
  it('switches the whole shell and persists the choice encrypted', async () => {
    const user = userEvent.setup();
    renderApp('/home', { mocks: [sessionMock(false), shellMock()] });
    expect(await screen.findByRole('link', { name: '登录' })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: '切换语言' }), 'en-GB');
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en-GB');
    await waitFor(async () => expect(await loadStoredLocale()).toBe('en-GB'));
    // stored encrypted: the plain value is not in local storage
    const raw = localStorage.getItem(`shop:${LOCALE_STORAGE_KEY}`) ?? '';
    expect(raw).not.toContain('en-GB');
    expect(raw.length).toBeGreaterThan(10);
  });

  it('defaults to zh-CN', async () => {
    expect(await loadStoredLocale()).toBe('zh-CN');
    renderWithProviders(<LocaleSwitcher />);
    expect(screen.getByRole('combobox', { name: '切换语言' })).toHaveValue('zh-CN');
  });
});

describe('secure storage', () => {
  it('round-trips values and never stores them in clear', async () => {
    await secureStorage.set('recentSearches', ['手机', 'laptop']);
    expect(await secureStorage.get('recentSearches')).toEqual(['手机', 'laptop']);
    expect(localStorage.getItem('shop:recentSearches')).not.toContain('laptop');
  });

  it("shows '数据加密异常' and resets stored state when it cannot be decrypted", async () => {
    await secureStorage.set('locale', 'en-GB');
    await secureStorage.set('recentSearches', ['手机']);
    localStorage.setItem('shop:locale', 'tampered.data');
    renderWithProviders(<span>app</span>);
    expect(await loadStoredLocale()).toBe('zh-CN');
    expect(await screen.findByText('数据加密异常')).toBeInTheDocument();
    expect(localStorage.getItem('shop:recentSearches')).toBeNull();
    expect(localStorage.getItem('shop:locale')).toBeNull();
  });

  it('tells the shopper about a failure met at start-up, before the app listened', async () => {
    // main.tsx reads the stored locale first and renders afterwards
    await secureStorage.set('locale', 'en-GB');
    localStorage.setItem('shop:locale', 'tampered.data');
    expect(await loadStoredLocale()).toBe('zh-CN');
    renderWithProviders(<span>app</span>);
    expect(await screen.findByText('数据加密异常')).toBeInTheDocument();
  });

  it('says the start-up failure in English on an en-GB screen, once', async () => {
    await secureStorage.set('recentSearches', ['a']);
    localStorage.setItem('shop:recentSearches', 'tampered.data');
    expect(await secureStorage.get('recentSearches')).toBeNull();
    renderWithProviders(<span>app</span>, { locale: 'en-GB' });
    expect(await screen.findAllByText('data encryption exception')).toHaveLength(1);
  });

  it("says 'data encryption exception' in English, e.g. after the install key changed", async () => {
    await secureStorage.set('recentSearches', ['a']);
    localStorage.removeItem('shop.k');
    resetSecureStorageKeyCache();
    renderWithProviders(<span>app</span>, { locale: 'en-GB' });
    expect(await secureStorage.get('recentSearches')).toBeNull();
    expect(await screen.findByText('data encryption exception')).toBeInTheDocument();
  });
});

describe('layout state', () => {
  it('the sidebar state lives in a cookie', () => {
    expect(getSidebarOpened()).toBe(true);
    setSidebarOpened(false);
    expect(document.cookie).toContain('sidebarStatus=0');
    expect(getSidebarOpened()).toBe(false);
  });
});

describe('texts that travel with lazy chunks (addCatalogue)', () => {
  it.each([
    ['admin', adminMessages],
    ['no-authority', noAuthorityMessages],
    ['shopper orders', shopperMessages],
    ['personal centre', userCenterMessages],
    ['order card', orderCardMessages],
    ['checkout', checkoutMessages],
    ['address', addressMessages],
    ['quantity box', quantityMessages],
    ['past the last page', pastLastPageMessages],
  ] as const)('%s: added on load', (_name, messages) => {
    for (const [key, text] of Object.entries(messages['zh-CN'])) expect(catalogues['zh-CN'][key]).toBe(text);
    for (const [key, text] of Object.entries(messages['en-GB'])) expect(catalogues['en-GB'][key]).toBe(text);
  });

  it('keeps the documented texts', () => {
    expect(catalogues['zh-CN']['admin.reviewStatus.all']).toBe('全部类型');
    expect(catalogues['zh-CN']['order.copied']).toBe('复制成功');
    expect(catalogues['zh-CN']['order.copyFailed']).toBe('复制失败');
  });
});
