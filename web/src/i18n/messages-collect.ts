/**
 * The texts react-intl reads, one flat catalogue per locale. Every catalogue is a
 * `*messages.ts` module whose default export is `addCatalogue({ 'zh-CN': {...}, 'en-GB': {...} })`;
 * the code that shows its texts imports it, so texts travel in the chunk of the code using them and
 * are added when that chunk loads, before anything of it renders. The message ids the compiler
 * accepts are the union of these catalogues (./message-ids.ts).
 *
 * In the browser build, the catalogues the entry imports register a loader per locale instead
 * (web/catalogue-split.ts): `loadCatalogues(locale)` brings that locale's start-up texts, before
 * the first render and before a language switch re-renders.
 */
import { LOCALES, type ShopLocale } from '@shop/common/locale.ts';
import type { MessageFormatElement } from 'react-intl';

export { DEFAULT_LOCALE, isShopLocale as isLocale, LOCALES } from '@shop/common/locale.ts';
export type Locale = ShopLocale;

/**
 * A text as written (the server build, the tests), or, in the browser build, the ICU message AST
 * it parses to (web/catalogue-split.ts): react-intl formats either.
 */
export type Text = string | MessageFormatElement[];
export type Catalogue = Record<string, Text>;

export const catalogues: Record<Locale, Catalogue> = { 'zh-CN': {}, 'en-GB': {} };

/**
 * A text for use outside react-intl (a toast raised outside React, the page head): its words, with
 * any argument left as `{name}` as written; the id when no catalogue has it.
 */
export function plainText(locale: Locale, id: string): string {
  const text = catalogues[locale][id];
  if (text === undefined) return id;
  if (typeof text === 'string') return text;
  // a literal's words (type 0) as they are, the plural's number (no value) as `#`, anything else as `{name}`
  return text
    .map((part) => ('value' in part ? (part.type === 0 ? part.value : `{${part.value}}`) : '#'))
    .join('');
}

/**
 * Adds a module's texts; en-GB must carry every id of zh-CN (the compiler says which is missing).
 * Returns the texts, typed, for ./message-ids.ts.
 */
export function addCatalogue<T extends Record<string, string>>(messages: {
  'zh-CN': T;
  'en-GB': Record<keyof T, string>;
}): { 'zh-CN': T; 'en-GB': Record<keyof T, string> } {
  for (const locale of LOCALES) Object.assign(catalogues[locale], messages[locale]);
  return messages;
}

type Loader = () => Promise<{ default: Catalogue }>;
const registered: Array<Record<Locale, Loader>> = [];
const loads = new Map<Loader, Promise<void>>();
const loaded = new Set<Loader>();

/** A start-up catalogue of the browser build: one loader per locale (web/catalogue-split.ts). */
export function addCatalogueLoaders(loaders: Record<Locale, Loader>): Record<Locale, Loader> {
  registered.push(loaders);
  return loaders;
}

/** Adds every registered catalogue's texts in this locale; a failed download is tried again on the next call. */
export function loadCatalogues(locale: Locale): Promise<void> {
  const pending = registered.map(({ [locale]: load }) => {
    let done = loads.get(load);
    if (!done) {
      done = load().then(
        (module) => {
          Object.assign(catalogues[locale], module.default);
          loaded.add(load);
        },
        (error: unknown) => {
          loads.delete(load);
          throw error;
        },
      );
      loads.set(load, done);
    }
    return done;
  });
  return Promise.all(pending).then(() => undefined);
}

/** True when every registered catalogue's texts in this locale are there (always, outside the browser build). */
export function hasCatalogues(locale: Locale): boolean {
  return registered.every(({ [locale]: load }) => loaded.has(load));
}
