/**
 * The language a page is served in, decided before any script runs: the shopper's explicit choice
 * (the `shop_locale` cookie the web app's language switcher sets), else the browser's
 * Accept-Language, else the shop's default (Chinese). The web app boots in the language written
 * into index.html, so the first paint never waits for the encrypted local storage.
 */
export type ShopLocale = 'zh-CN' | 'en-GB';

export const LOCALE_COOKIE = 'shop_locale';
export const DEFAULT_SHOP_LOCALE: ShopLocale = 'zh-CN';

const isShopLocale = (value: string): value is ShopLocale => value === 'zh-CN' || value === 'en-GB';

function cookieLocale(cookieHeader: string | undefined): ShopLocale | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== LOCALE_COOKIE) continue;
    let value = part.slice(eq + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      continue;
    }
    if (isShopLocale(value)) return value;
  }
  return null;
}

/** The first language of the header (by quality, then order) that the shop speaks. */
function acceptLanguageLocale(acceptLanguage: string | undefined): ShopLocale | null {
  if (!acceptLanguage) return null;
  const ranges = acceptLanguage
    .split(',')
    .map((item, index) => {
      const [tag = '', ...params] = item.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return {
        primary: tag.trim().toLowerCase().split('-')[0],
        quality: Number.isFinite(quality) ? quality : 0,
        index,
      };
    })
    .filter((range) => range.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { primary } of ranges) {
    if (primary === 'zh') return 'zh-CN';
    if (primary === 'en') return 'en-GB';
  }
  return null;
}

/** Cookie, else Accept-Language, else zh-CN. */
export function chooseLocale(
  cookieHeader: string | undefined,
  acceptLanguage: string | undefined,
): 'zh-CN' | 'en-GB' {
  return cookieLocale(cookieHeader) ?? acceptLanguageLocale(acceptLanguage) ?? DEFAULT_SHOP_LOCALE;
}
