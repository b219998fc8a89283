import type { Request } from 'express';
import type { Locale } from './index.ts';

/**
 * The service draws its own pictures (products, categories, home cards) and they carry text, so
 * the address a view hands out names the language: an <img> request sends the browser's
 * Accept-Language, which need not be the language the shopper chose in the shop.
 */
export function imageUrlIn(url: string, locale: Locale): string {
  return url.startsWith('/service/') && url.endsWith('.svg') ? `${url}?lang=${locale}` : url;
}

/** The language to draw a generated picture in: `?lang=` wins, then Accept-Language. */
export function imageLocale(req: Request): Locale {
  const lang = req.query.lang;
  return lang === 'en-GB' || lang === 'zh-CN' ? lang : req.locale;
}
