import { STORAGE_KEYS, secureStorage } from '../../lib/secure-storage.ts';

const MAX_RECENT = 10;

/** The shopper's recent searches, newest first (encrypted local storage, UI state only). */
export async function recentSearches(): Promise<string[]> {
  const stored = await secureStorage.get<unknown>(STORAGE_KEYS.recentSearches);
  return Array.isArray(stored) ? stored.filter((item): item is string => typeof item === 'string') : [];
}

/** Puts a search first in the recent list (no duplicates, at most ten). */
export async function rememberSearch(keyword: string): Promise<void> {
  const recent = await recentSearches();
  const next = [keyword, ...recent.filter((item) => item !== keyword)].slice(0, MAX_RECENT);
  await secureStorage.set(STORAGE_KEYS.recentSearches, next);
}

/** Forgets every recent search. */
export function clearRecentSearches(): void {
  secureStorage.remove(STORAGE_KEYS.recentSearches);
}
