import { parse } from 'cookie';

export type ShopLocale = 'zh-CN' | 'en-GB';

/** The cookie the language switcher writes; the server renders (and the client starts) in it. */
export const LOCALE_COOKIE = 'shop_locale';

const isShopLocale = (value: string | undefined): value is ShopLocale =>
  value === 'zh-CN' || value === 'en-GB';

/**
 * The page's language: the one its address asks for (`?lang=en-GB`, the address each language
 * version of a page is linked by), else the shopper's choice (`shop_locale` cookie), else the first supported
 * language of Accept-Language by quality (any `en*` → en-GB, any `zh*` → zh-CN), else zh-CN.
 */
export function chooseLocale(
  cookieHeader: string | undefined,
  acceptLanguage: string | undefined,
  requested?: string | null,
): ShopLocale {
  if (isShopLocale(requested ?? undefined)) return requested as ShopLocale;
  const chosen = cookieHeader ? parse(cookieHeader)[LOCALE_COOKIE] : undefined;
  if (isShopLocale(chosen)) return chosen;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag === 'zh' || tag.startsWith('zh-')) return 'zh-CN';
    if (tag === 'en' || tag.startsWith('en-')) return 'en-GB';
  }
  return 'zh-CN';
}
