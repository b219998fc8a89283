import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { IntlProvider } from 'react-intl';
import { setCookie } from '../lib/cookies.ts';
import { secureStorage } from '../lib/secure-storage.ts';
import { catalogues, DEFAULT_LOCALE, isLocale, type Locale } from './messages-collect.ts';

export type { Locale } from './messages-collect.ts';
export { DEFAULT_LOCALE, LOCALES } from './messages-collect.ts';

interface LocaleContextValue {
  locale: Locale;
  setLocale: (locale: Locale) => void;
}

const LocaleContext = createContext<LocaleContextValue>({ locale: DEFAULT_LOCALE, setLocale: () => {} });

/** The current locale, readable outside React (the Apollo link sends it as Accept-Language). */
let currentLocale: Locale = DEFAULT_LOCALE;
export const getCurrentLocale = (): Locale => currentLocale;

const listeners = new Set<(locale: Locale) => void>();
/** Subscribe to locale changes from outside React (e.g. to reset the Apollo cache). */
export function onLocaleChange(listener: (locale: Locale) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const LOCALE_STORAGE_KEY = 'locale';

/** Reads the persisted locale (encrypted local storage); falls back to the default. */
export async function loadStoredLocale(): Promise<Locale> {
  const stored = await secureStorage.get<string>(LOCALE_STORAGE_KEY);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

export function LocaleProvider({ initialLocale, children }: { initialLocale?: Locale; children: ReactNode }) {
  const [locale, setLocaleState] = useState<Locale>(initialLocale ?? DEFAULT_LOCALE);
  currentLocale = locale;

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  const setLocale = useCallback((next: Locale) => {
    currentLocale = next;
    setLocaleState(next);
    void secureStorage.set(LOCALE_STORAGE_KEY, next);
    // The server renders the next page in it (gateway/src/locale.ts).
    setCookie('shop_locale', next);
    for (const listener of listeners) listener(next);
  }, []);

  const value = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);
  return (
    <LocaleContext.Provider value={value}>
      <IntlProvider locale={locale} defaultLocale={DEFAULT_LOCALE} messages={catalogues[locale]}>
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}

export function useLocale(): LocaleContextValue {
  return useContext(LocaleContext);
}
