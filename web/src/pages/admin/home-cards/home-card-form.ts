import { homeCardSchema } from '@shop/common/validation/catalogue-structure.ts';
import { ruleMessage } from '@shop/common/validation/message.ts';
import { z } from 'zod';
import type { AdminHomeCard_FieldsFragment } from '../../../__generated__/graphql.ts';
import type { HomeCardView } from '../../../features/home/HomeCards.tsx';
import { chosenPicture, type PictureValue } from '../categories/PictureChoice.tsx';

/** The card editor's form: the shared rules of a card's texts and link, with its kind and switch. */
export const homeCardFormSchema = homeCardSchema.extend({
  kind: z.string().min(1, ruleMessage('validation.required')),
  enabled: z.boolean(),
});
export type HomeCardForm = z.output<typeof homeCardFormSchema>;

export const formValuesOf = (card: AdminHomeCard_FieldsFragment | undefined, kind: string): HomeCardForm => ({
  kind: card?.kind ?? kind,
  titleZh: card?.titleZh ?? '',
  titleEn: card?.titleEn ?? '',
  subtitleZh: card?.subtitleZh ?? '',
  subtitleEn: card?.subtitleEn ?? '',
  link: card?.link ?? '',
  enabled: card?.enabled ?? true,
});

export type PreviewLocale = 'zh-CN' | 'en-GB';

/** A drawn picture's address in the other language (the drawing carries its text). */
const inLocale = (src: string, locale: PreviewLocale) =>
  src.replace(/([?&]lang=)(zh-CN|en-GB)/, `$1${locale}`);

const textsIn = (
  values: Pick<HomeCardForm, 'titleZh' | 'titleEn' | 'subtitleZh' | 'subtitleEn'>,
  locale: PreviewLocale,
) =>
  locale === 'en-GB'
    ? { title: values.titleEn, subtitle: values.subtitleEn }
    : { title: values.titleZh, subtitle: values.subtitleZh };

/** A saved card as the storefront shows it in `locale`. */
export function savedView(card: AdminHomeCard_FieldsFragment, locale: PreviewLocale): HomeCardView {
  return {
    id: card.id,
    kind: card.kind,
    ...textsIn(card, locale),
    link: card.link,
    featuredImage: { ...card.image, src: inLocale(card.image.src, locale) },
  };
}

/**
 * The card being edited as the storefront would show it once saved: the form's texts, kind and
 * link in the preview's language, and the picture chosen. A drawing is drawn by the service from
 * the saved texts, so while they are edited the preview shows the text itself on the card instead
 * of a drawing of the old one.
 */
export function editedView(
  card: AdminHomeCard_FieldsFragment | undefined,
  values: HomeCardForm,
  picture: PictureValue,
  locale: PreviewLocale,
): HomeCardView {
  const texts = textsIn(values, locale);
  const saved = card ? savedView(card, locale) : undefined;
  const chosen = card
    ? chosenPicture(saved!.featuredImage, card.hasPicture, picture)
    : chosenPicture(NO_PICTURE, false, picture);
  const drawn = !card?.hasPicture && typeof picture !== 'string';
  const sameTexts =
    saved && saved.title === texts.title && saved.subtitle === texts.subtitle && card?.kind === values.kind;
  const image = chosen && (!drawn || sameTexts) ? chosen : NO_PICTURE;
  return { id: card?.id ?? 'new', kind: values.kind, ...texts, link: values.link, featuredImage: image };
}

const NO_PICTURE = { src: '', width: null, height: null, altText: null };

/** The home page's cards with the edited one in its place (a new one last); hidden ones left out. */
export function previewCards(
  cards: readonly AdminHomeCard_FieldsFragment[],
  editingId: string,
  edited: HomeCardView & { enabled: boolean },
  locale: PreviewLocale,
): HomeCardView[] {
  const shown = cards.flatMap((card) => {
    if (card.id === editingId) return edited.enabled ? [edited] : [];
    return card.enabled ? [savedView(card, locale)] : [];
  });
  return editingId === 'new' && edited.enabled ? [...shown, edited] : shown;
}
