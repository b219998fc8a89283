/**
 * Message catalogue. Modules declare their texts with `defineMessages`; answers carry the
 * key in `message` (for developers) and the translated text in `alterMsg` (for shoppers).
 */
import type { ShopLocale } from '@shop/common/locale.ts';

export type Locale = ShopLocale;
export { DEFAULT_LOCALE } from '@shop/common/locale.ts';

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
