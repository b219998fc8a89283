import { DEFAULT_LOCALE, isShopLocale, type ShopLocale } from '@shop/common/locale.ts';

/**
 * Units sold as a shopper reads them on a product card: up to 9,999 the number itself; from
 * 10,000 a short figure with at most one decimal and a '+' — 万 and 亿 in Chinese ('6.1万+'),
 * k and M in English ('61k+', '1.2M+'). The figure is cut, never rounded up, so '+' is always
 * true (61,999 reads '6.1万+', never '6.2万+'). Intl's compact notation rounds, starts at 1,000
 * in English and writes a million as '1m' in en-GB, so the units are spelt out here.
 */
const UNITS: Record<ShopLocale, ReadonlyArray<readonly [number, string]>> = {
  'zh-CN': [
    [100_000_000, '亿'],
    [10_000, '万'],
  ],
  'en-GB': [
    [1_000_000, 'M'],
    [1_000, 'k'],
  ],
};

/** The count below which a sales figure is shown as it is. */
const SHORTEN_FROM = 10_000;

/** `locale` is react-intl's (a shop locale; anything else counts as the default one). */
export function formatSalesCount(count: number, locale: string): string {
  if (!Number.isFinite(count) || count < 0) return '0';
  const whole = Math.floor(count);
  if (whole < SHORTEN_FROM) return String(whole);
  const units = UNITS[isShopLocale(locale) ? locale : DEFAULT_LOCALE];
  const [size, unit] = units.find(([step]) => whole >= step) ?? [1, ''];
  // tenths of the unit, cut: integer arithmetic, no float drift
  const tenths = Math.floor((whole * 10) / size);
  const figure = tenths % 10 === 0 ? String(tenths / 10) : `${Math.floor(tenths / 10)}.${tenths % 10}`;
  return `${figure}${unit}+`;
}
