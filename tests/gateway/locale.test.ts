import { describe, expect, it } from 'vitest';
import { chooseLocale } from '../../gateway/src/locale.ts';

describe('chooseLocale: the language a page is rendered in', () => {
  it('takes the shop_locale cookie first', () => {
    expect(chooseLocale('a=1; shop_locale=en-GB', 'zh-CN')).toBe('en-GB');
    expect(chooseLocale('shop_locale=zh-CN', 'en-GB,en;q=0.9')).toBe('zh-CN');
  });

  it('ignores an unsupported cookie value and falls back to Accept-Language by quality', () => {
    expect(chooseLocale('shop_locale=fr-FR', 'fr;q=1, en-US;q=0.8, zh;q=0.5')).toBe('en-GB');
    expect(chooseLocale(undefined, 'en;q=0.3, zh-TW;q=0.9')).toBe('zh-CN');
    expect(chooseLocale(undefined, 'en;q=0, zh-CN;q=0.1')).toBe('zh-CN');
  });

  it('defaults to zh-CN', () => {
    expect(chooseLocale(undefined, undefined)).toBe('zh-CN');
    expect(chooseLocale('', 'fr-FR, de')).toBe('zh-CN');
  });
});
