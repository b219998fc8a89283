/**
 * Encrypted local storage for UI state (docs/product.md, "Constants" and "Messages and errors"):
 * locale, recent searches, layout preferences. NEVER tokens (the gateway keeps the session in an
 * HttpOnly cookie) and never permission data (menus and buttons always come fresh from the server).
 *
 * Each value is encrypted with AES-GCM (Web Crypto) under a per-install key. The key is
 * non-extractable and kept in IndexedDB where available (falls back to a raw key in local storage
 * where IndexedDB is missing, e.g. in tests). When a stored value cannot be decrypted, every stored
 * value is cleared and the listeners are told ('数据加密异常' / 'data encryption exception').
 * The cipher (secure-cipher.ts) loads with the first read or write, not with the first paint.
 */
const cipher = () => import('./secure-cipher.ts');
const PREFIX = 'shop:';

type Listener = () => void;
const errorListeners = new Set<Listener>();
/**
 * A failure seen while nobody listened: start-up reads the stored locale before the app (and its
 * listener) exists, so the failure waits here for the first listener instead of passing unseen.
 */
let unseenError = false;

/** Called when stored state could not be decrypted (and has been reset), also for a failure before subscribing. */
export function onSecureStorageError(listener: Listener): () => void {
  errorListeners.add(listener);
  if (unseenError) {
    unseenError = false;
    listener();
  }
  return () => errorListeners.delete(listener);
}

function notifyError(): void {
  if (errorListeners.size === 0) unseenError = true;
  for (const listener of errorListeners) listener();
}

function storedKeys(): string[] {
  const keys: string[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key?.startsWith(PREFIX)) keys.push(key);
  }
  return keys;
}

export const secureStorage = {
  async get<T>(key: string): Promise<T | null> {
    const stored = localStorage.getItem(PREFIX + key);
    if (stored == null) return null;
    try {
      return await (await cipher()).decrypt<T>(stored);
    } catch {
      secureStorage.clear();
      notifyError();
      return null;
    }
  },

  async set(key: string, value: unknown): Promise<void> {
    try {
      localStorage.setItem(PREFIX + key, await (await cipher()).encrypt(value));
    } catch {
      // storage full or unavailable: UI state is best-effort
    }
  },

  remove(key: string): void {
    localStorage.removeItem(PREFIX + key);
  },

  /** Clears every stored value (keeps the install key). */
  clear(): void {
    for (const key of storedKeys()) localStorage.removeItem(key);
  },
};

/** Storage keys used across the app. */
export const STORAGE_KEYS = {
  locale: 'locale',
  recentSearches: 'recentSearches',
} as const;
