/**
 * Collects every `web/src/**\/messages.ts` (each exports `{ 'zh-CN': {...}, 'en-GB': {...} }`,
 * as its default export or a named export) into one flat catalogue per locale.
 */
export const LOCALES = ['zh-CN', 'en-GB'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

export type Catalogue = Record<string, string>;
type LocaleMessages = Partial<Record<Locale, Catalogue>>;

const modules = import.meta.glob<Record<string, unknown>>('../**/messages.ts', { eager: true });

function isLocaleMessages(value: unknown): value is LocaleMessages {
  return typeof value === 'object' && value !== null && ('zh-CN' in value || 'en-GB' in value);
}

function collect(): Record<Locale, Catalogue> {
  const out: Record<Locale, Catalogue> = { 'zh-CN': {}, 'en-GB': {} };
  for (const mod of Object.values(modules)) {
    for (const exported of Object.values(mod)) {
      if (!isLocaleMessages(exported)) continue;
      for (const locale of LOCALES) Object.assign(out[locale], exported[locale] ?? {});
    }
  }
  return out;
}

export const catalogues = collect();

/**
 * Texts of screens in their own lazy chunk (the back office) travel with the chunk instead of
 * the first page's bundle: its module adds them when it loads, before anything of it renders
 * (the IntlProvider reads these same catalogue objects).
 */
export function addCatalogue(messages: LocaleMessages): void {
  for (const locale of LOCALES) Object.assign(catalogues[locale], messages[locale] ?? {});
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
