import { chooseLocale, LOCALE_COOKIE } from '@shop/common/locale.ts';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { createIntl, createIntlCache, type IntlShape, RawIntlProvider } from 'react-intl';
import { getCookie, setCookie } from '../lib/cookies.ts';
import { secureStorage } from '../lib/secure-storage.ts';
import type { MessageId } from './message-ids.ts';
import {
  catalogues,
  DEFAULT_LOCALE,
  hasCatalogues,
  isLocale,
  type Locale,
  loadCatalogues,
} from './messages-collect.ts';
import './messages.ts'; // the switcher's and the storage's texts

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

/**
 * The language of the first paint, known synchronously: what the server wrote into index.html
 * (`<meta name="shop-locale">`, chosen from the address, the cookie and Accept-Language); without
 * it (the Vite dev server) the same rule on the cookie and the browser's languages.
 */
export function bootLocale(): Locale {
  const served = document.querySelector('meta[name="shop-locale"]')?.getAttribute('content');
  return chooseLocale(document.cookie, navigator.languages.join(','), served);
}

/**
 * After the first paint: an explicit choice (cookie) is mirrored into the encrypted storage; a
 * choice stored before the cookie existed is honoured once and written to the cookie.
 */
async function syncStoredLocale(locale: Locale, apply: (locale: Locale) => void): Promise<void> {
  const chosen = getCookie(LOCALE_COOKIE);
  const stored = await secureStorage.get<string>(LOCALE_STORAGE_KEY);
  if (isLocale(chosen)) {
    if (stored !== chosen) await secureStorage.set(LOCALE_STORAGE_KEY, chosen);
  } else if (isLocale(stored)) {
    if (stored === locale) setCookie(LOCALE_COOKIE, stored);
    else apply(stored);
  }
}

/**
 * The parsed messages and formatters, shared by every render of the process: a server renders
 * many pages with the same texts, and parsing each message again for every page was a visible
 * share of a render's CPU.
 */
const intlCache = createIntlCache();

/**
 * One intl object per language for the same reason: it only binds the language, its live
 * catalogue and the shared formatters, so building it again for every server render is waste.
 */
const intls = new Map<Locale, IntlShape>();
function intlFor(locale: Locale): IntlShape {
  let intl = intls.get(locale);
  if (!intl) {
    // strings on the server, parsed texts in the browser build: react-intl formats either, per text
    const messages = catalogues[locale] as Record<MessageId, string>;
    intl = createIntl({ locale, defaultLocale: DEFAULT_LOCALE, messages }, intlCache);
    intls.set(locale, intl);
  }
  return intl;
}

/**
 * A language picked in the server's page before its scripts took it over. Applying it in place
 * would change the language under parts of the page still hydrating and throw their server HTML
 * away; so the page is asked for again in that language, as without scripts. The cookie decides
 * it; an address's `?lang=` would override it, so it goes. A GET by replacing the address, not a
 * reload, which would send again a form that this page answered.
 */
export function reloadInLocale(locale: Locale): void {
  setCookie(LOCALE_COOKIE, locale);
  const address = new URL(window.location.href);
  address.searchParams.delete('lang');
  // without a fragment: one would make this a scroll within the page, not a request
  address.hash = '';
  window.location.replace(address);
}

export function LocaleProvider({ initialLocale, children }: { initialLocale?: Locale; children: ReactNode }) {
  const [locale, setLocaleState] = useState<Locale>(initialLocale ?? DEFAULT_LOCALE);
  currentLocale = locale;

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  const setLocale = useCallback((next: Locale) => {
    setCookie(LOCALE_COOKIE, next);
    void secureStorage.set(LOCALE_STORAGE_KEY, next);
    const apply = () => {
      currentLocale = next;
      setLocaleState(next);
      for (const listener of listeners) listener(next);
    };
    // the start-up texts of that language first (the browser build loads them on demand); should
    // they fail to download, the page stays in its language
    if (hasCatalogues(next)) apply();
    else loadCatalogues(next).then(apply, () => {});
  }, []);

  useEffect(() => {
    void syncStoredLocale(currentLocale, setLocale);
  }, [setLocale]);

  const value = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);
  // The catalogue object grows as chunks add their texts; the intl object reads it as it is.
  const intl = intlFor(locale);
  return (
    <LocaleContext.Provider value={value}>
      <RawIntlProvider value={intl}>{children}</RawIntlProvider>
    </LocaleContext.Provider>
  );
}

export function useLocale(): LocaleContextValue {
  return useContext(LocaleContext);
}
