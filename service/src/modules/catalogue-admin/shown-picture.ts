import { imageUrlIn } from '../../i18n/image-language.ts';
import type { Locale } from '../../i18n/index.ts';

/**
 * The picture the storefront shows for a category or home card: the uploaded one when set (an
 * upload's address is never reused, so it may be kept for good), else the drawing in the
 * caller's language. A drawing carries the name or title it is drawn with, and its address is
 * served immutable, so the address names the row's version: a rename is a new address and
 * no cache keeps the old text.
 */
export function shownPicture(row: { picture: string; version: number }, drawing: string, locale: Locale) {
  return row.picture || imageUrlIn(drawing, locale, row.version);
}
