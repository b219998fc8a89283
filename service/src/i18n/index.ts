/**
 * Message catalogue. Modules declare their texts with `defineMessages`; answers carry the
 * key in `message` (for developers) and the translated text in `alterMsg` (for shoppers).
 */
export type Locale = 'zh-CN' | 'en-GB';
export const DEFAULT_LOCALE: Locale = 'zh-CN';

export interface Translation {
  'zh-CN': string;
  'en-GB': string;
}

const registry = new Map<string, Translation>();

/** Registers a module's texts and returns the same object, so keys are typed where it is used. */
export function defineMessages<T extends Record<string, Translation>>(catalog: T): { [K in keyof T]: K } {
  const keys = {} as { [K in keyof T]: K };
  for (const [key, value] of Object.entries(catalog)) {
    const existing = registry.get(key);
    if (existing && (existing['zh-CN'] !== value['zh-CN'] || existing['en-GB'] !== value['en-GB'])) {
      throw new Error(`Message key defined twice with different texts: ${key}`);
    }
    registry.set(key, value);
    (keys as Record<string, string>)[key] = key;
  }
  return keys;
}

export function hasMessage(key: string): boolean {
  return registry.has(key);
}

/**
 * The language of a page the service serves to a browser (the lpay checkout): the shopper's
 * choice in the storefront (its `shop_locale` cookie, which comes along through the gateway),
 * else Accept-Language.
 */
export function pageLocale(cookieHeader: string | undefined, acceptLanguage: string | undefined): Locale {
  const chosen = /(?:^|;\s*)shop_locale=(zh-CN|en-GB)(?:;|$)/.exec(cookieHeader ?? '')?.[1];
  return (chosen as Locale | undefined) ?? localeFromHeader(acceptLanguage);
}

/** Picks en-GB for any English preference in Accept-Language, zh-CN otherwise. */
export function localeFromHeader(header: string | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const preferred = header
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of preferred) {
    if (tag.startsWith('en')) return 'en-GB';
    if (tag.startsWith('zh')) return 'zh-CN';
  }
  return DEFAULT_LOCALE;
}

/** Translates a key with `{name}` placeholders; unknown keys come back as they are. */
export function translate(key: string, locale: Locale, params: Record<string, string | number> = {}): string {
  const entry = registry.get(key);
  const template = entry ? entry[locale] : key;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    // A param that is itself a message key (e.g. a field label) is translated too.
    return typeof value === 'string' && registry.has(value) ? registry.get(value)![locale] : String(value);
  });
}
