/**
 * The shop's languages and the one rule that picks a request's language, used by the service
 * (its answers' `alterMsg`), the gateway (its own error texts, the pages it serves) and the web
 * (the first paint without a server-rendered page). One rule, so a request reads in one language
 * whichever tier writes the text.
 */
import { rememberedByValue } from './remembered.ts';

export const LOCALES = ['zh-CN', 'en-GB'] as const;
export type ShopLocale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: ShopLocale = 'zh-CN';

/** The cookie the language switcher writes: the shopper's explicit choice. */
export const LOCALE_COOKIE = 'shop_locale';

/**
 * Where the language switcher's form is sent without JavaScript (`locale`, and the page to go back
 * to as `redirect`): the page server writes the cookie above and shows that page again.
 */
export const LANGUAGE_FORM_PATH = '/language';

export const isShopLocale = (value: unknown): value is ShopLocale => value === 'zh-CN' || value === 'en-GB';

/** The first `shop_locale` value of a Cookie header (or `document.cookie`), undecoded. */
function cookieValue(cookieHeader: string): string | undefined {
  for (const pair of cookieHeader.split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === LOCALE_COOKIE) return pair.slice(at + 1).trim();
  }
  return undefined;
}

/**
 * The first supported language of an Accept-Language header by quality (ties keep the header's
 * order): any `zh*` → zh-CN, any `en*` → en-GB; undefined when none is supported. Remembered per
 * header value: browsers send a handful, and every request of the gateway and the service asks.
 */
export function localeFromAcceptLanguage(acceptLanguage: string | undefined): ShopLocale | undefined {
  return acceptLanguage ? rankedFor(acceptLanguage) : undefined;
}

const rankedFor = rememberedByValue((acceptLanguage: string): ShopLocale | undefined => {
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag === 'zh' || tag.startsWith('zh-')) return 'zh-CN';
    if (tag === 'en' || tag.startsWith('en-')) return 'en-GB';
  }
  return undefined;
}, 64);

/**
 * A request's language: the one its address asks for (`?lang=en-GB`, the address each language
 * version of a page is linked by), else the shopper's choice (the `shop_locale` cookie), else the
 * first supported language of Accept-Language by quality, else zh-CN.
 */
export function chooseLocale(
  cookieHeader: string | undefined,
  acceptLanguage: string | undefined,
  requested?: string | null,
): ShopLocale {
  if (isShopLocale(requested)) return requested;
  const chosen = cookieHeader ? cookieValue(cookieHeader) : undefined;
  if (isShopLocale(chosen)) return chosen;
  return localeFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LOCALE;
}
