/**
 * The one language rule of every tier (common/locale.ts): the address's `?lang=`, else the
 * shopper's cookie, else Accept-Language by quality, else Chinese.
 */
import { chooseLocale } from '@shop/common/locale.ts';
import { describe, expect, it } from 'vitest';

type Case = [
  cookie: string | undefined,
  acceptLanguage: string | undefined,
  requested: string | null,
  want: string,
];

const cases: Array<[string, Case]> = [
  ['the address beats the cookie', ['shop_locale=zh-CN', 'zh-CN', 'en-GB', 'en-GB']],
  ['the address beats Accept-Language', [undefined, 'en-GB', 'zh-CN', 'zh-CN']],
  ['an unknown address language falls through', ['shop_locale=en-GB', 'zh-CN', 'fr-FR', 'en-GB']],
  ['an empty address language falls through', [undefined, 'en-GB', '', 'en-GB']],
  ['the cookie beats Accept-Language', ['shop_locale=en-GB', 'zh-CN,zh;q=0.9', null, 'en-GB']],
  ['the cookie among others', ['theme=dark; shop_locale=zh-CN', 'en-GB', null, 'zh-CN']],
  ['the cookie alone', ['shop_locale=en-GB', undefined, null, 'en-GB']],
  ['the first of two cookies', ['shop_locale=en-GB; shop_locale=zh-CN', undefined, null, 'en-GB']],
  ['an unknown cookie value falls through', ['shop_locale=fr-FR', 'en-GB', null, 'en-GB']],
  ['a cookie whose name only ends in shop_locale', ['my_shop_locale=en-GB', undefined, null, 'zh-CN']],
  ['a malformed cookie value', ['shop_locale=%E0%A4%A', 'en', null, 'en-GB']],
  ['English first', [undefined, 'en-GB,en;q=0.9', null, 'en-GB']],
  ['any English', [undefined, 'en-US', null, 'en-GB']],
  ['an unsupported first language, then English', [undefined, 'fr-FR, en;q=0.8', null, 'en-GB']],
  ['unsupported, English, then Chinese', [undefined, 'fr-FR,fr;q=0.9,en;q=0.8,zh;q=0.5', null, 'en-GB']],
  ['by quality, not by order', [undefined, 'zh;q=0.4, en;q=0.9', null, 'en-GB']],
  ['any Chinese', [undefined, 'zh-TW,en;q=0.9', null, 'zh-CN']],
  ['equal qualities keep the order', [undefined, 'en;q=0.5, zh;q=0.5', null, 'en-GB']],
  ['q=0 means not acceptable', [undefined, 'en;q=0, zh', null, 'zh-CN']],
  ['a tag that only starts like English', [undefined, 'eno, en-GB;q=0.1', null, 'en-GB']],
  ['nothing at all', [undefined, undefined, null, 'zh-CN']],
  ['empty headers', ['', '', null, 'zh-CN']],
  ['only unsupported languages', [undefined, 'fr-FR, de', null, 'zh-CN']],
  ['a wildcard', [undefined, '*', null, 'zh-CN']],
];

describe('chooseLocale', () => {
  it.each(cases)('%s', (_name, [cookie, acceptLanguage, requested, want]) => {
    expect(chooseLocale(cookie, acceptLanguage, requested)).toBe(want);
  });
});

describe('chooseLocale, remembered per Accept-Language value', () => {
  it('answers a header asked again, and past the bound of remembered headers, as the first time', () => {
    for (let round = 0; round < 2; round++) {
      for (const [, [cookie, acceptLanguage, requested, want]] of cases)
        expect(chooseLocale(cookie, acceptLanguage, requested)).toBe(want);
      // more distinct headers than are remembered: the bound forgets them, never answers wrongly
      for (let i = 0; i < 100; i++) {
        expect(chooseLocale(undefined, `x-${i}, en;q=0.${(i % 9) + 1}`)).toBe('en-GB');
        expect(chooseLocale(undefined, `x-${i}, zh;q=0.${(i % 9) + 1}`)).toBe('zh-CN');
      }
    }
  });
});
