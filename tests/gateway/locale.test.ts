/**
 * The page language the gateway chooses: the address's `?lang=`, else the shopper's cookie, else
 * Accept-Language, else Chinese.
 */
import { describe, expect, it } from 'vitest';
import { chooseLocale } from '../../gateway/src/locale.ts';

describe('gateway: chooseLocale', () => {
  it('follows the language the address asks for before the cookie and the browser', () => {
    expect(chooseLocale('shop_locale=zh-CN', 'zh-CN', 'en-GB')).toBe('en-GB');
    expect(chooseLocale(undefined, 'en-GB', 'zh-CN')).toBe('zh-CN');
    // a language the shop does not speak is no choice
    expect(chooseLocale('shop_locale=en-GB', 'zh-CN', 'fr-FR')).toBe('en-GB');
    expect(chooseLocale(undefined, 'en-GB', '')).toBe('en-GB');
  });

  it('follows the shop_locale cookie before the browser', () => {
    expect(chooseLocale('shop_locale=en-GB', 'zh-CN,zh;q=0.9')).toBe('en-GB');
    expect(chooseLocale('theme=dark; shop_locale=zh-CN', 'en-GB')).toBe('zh-CN');
    expect(chooseLocale('shop_locale=en-GB', undefined)).toBe('en-GB');
  });

  it('ignores a cookie naming no language of the shop, and cookies of similar names', () => {
    expect(chooseLocale('shop_locale=fr-FR', 'en-GB')).toBe('en-GB');
    expect(chooseLocale('my_shop_locale=en-GB', undefined)).toBe('zh-CN');
    expect(chooseLocale('shop_locale=%E0%A4%A', 'en')).toBe('en-GB');
  });

  it('takes the best-rated language of Accept-Language the shop speaks', () => {
    expect(chooseLocale(undefined, 'en-GB,en;q=0.9')).toBe('en-GB');
    expect(chooseLocale(undefined, 'en-US')).toBe('en-GB');
    expect(chooseLocale(undefined, 'fr-FR,fr;q=0.9,en;q=0.8,zh;q=0.5')).toBe('en-GB');
    expect(chooseLocale(undefined, 'zh;q=0.4, en;q=0.9')).toBe('en-GB');
    expect(chooseLocale(undefined, 'zh-TW,en;q=0.9')).toBe('zh-CN');
    expect(chooseLocale(undefined, 'en;q=0, zh')).toBe('zh-CN');
  });

  it('falls back to Chinese', () => {
    expect(chooseLocale(undefined, undefined)).toBe('zh-CN');
    expect(chooseLocale('', '')).toBe('zh-CN');
    expect(chooseLocale(undefined, 'fr-FR, de')).toBe('zh-CN');
    expect(chooseLocale(undefined, '*')).toBe('zh-CN');
  });
});
