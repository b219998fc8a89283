import { chooseLocale } from '@shop/common/locale.ts';
import type { Request } from 'express';
import { STATIC_BASE } from '../modules/catalogue/image-urls.ts';
import { CARD_IMAGE_PREFIX } from '../modules/reference/data.ts';
import type { Locale } from './index.ts';

/** Where the drawn pictures live; uploads and other addresses are handed out unchanged. */
const GENERATED = [`${STATIC_BASE}/`, CARD_IMAGE_PREFIX];

/**
 * The service draws its own pictures (products, categories, home cards) and they carry text, so
 * the address a view hands out names the language: an <img> request sends the browser's
 * Accept-Language, which need not be the language the shopper chose in the shop. Given the
 * row's version, the address names it too: a rename is a new address, so no browser or cache
 * keeps showing the old text.
 */
export function imageUrlIn(url: string, locale: Locale, version?: number): string {
  if (!GENERATED.some((prefix) => url.startsWith(prefix))) return url;
  return version === undefined ? `${url}?lang=${locale}` : `${url}?lang=${locale}&v=${version}`;
}

/** The language to draw a generated picture in: `?lang=` wins, then Accept-Language. */
export function imageLocale(req: Request): Locale {
  const lang = req.query.lang;
  return chooseLocale(undefined, req.get('accept-language'), typeof lang === 'string' ? lang : undefined);
}
