/**
 * The back office's category and home-card forms: names in both languages, a category's slug
 * (the `/category/detail/:cardName` part of its address) and a card's texts and link.
 */
import { z } from 'zod';
import { sameSitePath } from '../redirect-target.ts';
import { requiredText, textField } from './fields.ts';

/** The longest slug: the drawn icon's address (`/static/categories/<slug>.svg`) takes no more. */
export const CATEGORY_SLUG_MAX = 60;
export const CATEGORY_NAME_MAX = 20;
export const CATEGORY_NAME_EN_MAX = 40;
export const CARD_TITLE_MAX = 30;
export const CARD_TITLE_EN_MAX = 60;
export const CARD_SUBTITLE_MAX = 60;
export const CARD_SUBTITLE_EN_MAX = 100;
export const CARD_LINK_MAX = 500;

/** Lower-case letters and digits in words joined by single hyphens: 'phones', 'smart-home'. */
export const isCategorySlug = (value: string): boolean => /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value);

/**
 * Where a home card may send a shopper: a path of this shop (the rules of a redirect target, so
 * no `//evil`, `/\evil` or escaped line breaks) or an http(s) address with a host. Nothing else
 * (`javascript:`, `data:`, relative paths) can reach the page.
 */
export function isCardLink(value: string): boolean {
  if (value.startsWith('/')) return sameSitePath(value) !== null;
  if (!/^https?:\/\/[^\s/?#]+[^\s]*$/i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export const categoryFields = {
  cardName: requiredText(CATEGORY_SLUG_MAX, [[isCategorySlug, 'catalogueStructure.invalidSlug']]),
  nameZh: requiredText(CATEGORY_NAME_MAX),
  nameEn: requiredText(CATEGORY_NAME_EN_MAX),
};

/** A new category: slug and both names (where it goes is chosen beside the form). */
export const categorySchema = z.object(categoryFields);
/** A rename: both names. */
export const categoryNamesSchema = z.object({
  nameZh: categoryFields.nameZh,
  nameEn: categoryFields.nameEn,
});

export const homeCardFields = {
  titleZh: requiredText(CARD_TITLE_MAX),
  titleEn: requiredText(CARD_TITLE_EN_MAX),
  subtitleZh: textField({ max: CARD_SUBTITLE_MAX, optional: true }),
  subtitleEn: textField({ max: CARD_SUBTITLE_EN_MAX, optional: true }),
  link: textField({
    max: CARD_LINK_MAX,
    optional: true,
    checks: [[isCardLink, 'catalogueStructure.invalidLink']],
  }),
};

/** A card's texts and link (its kind, picture and switch are chosen, not typed). */
export const homeCardSchema = z.object(homeCardFields);
