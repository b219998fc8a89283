/**
 * The texts react-intl reads, one flat catalogue per locale. Every catalogue is a
 * `*messages.ts` module whose default export is `addCatalogue({ 'zh-CN': {...}, 'en-GB': {...} })`;
 * the code that shows its texts imports it, so texts travel in the chunk of the code using them and
 * are added when that chunk loads, before anything of it renders. The message ids the compiler
 * accepts are the union of these catalogues (./message-ids.ts).
 */
export const LOCALES = ['zh-CN', 'en-GB'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

export type Catalogue = Record<string, string>;

export const catalogues: Record<Locale, Catalogue> = { 'zh-CN': {}, 'en-GB': {} };

/**
 * Adds a module's texts; en-GB must carry every id of zh-CN (the compiler says which is missing).
 * Returns the texts, typed, for ./message-ids.ts.
 */
export function addCatalogue<T extends Catalogue>(messages: {
  'zh-CN': T;
  'en-GB': Record<keyof T, string>;
}): { 'zh-CN': T; 'en-GB': Record<keyof T, string> } {
  for (const locale of LOCALES) Object.assign(catalogues[locale], messages[locale]);
  return messages;
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
