/**
 * Encrypted local storage for UI state (SPEC §3, §8, §9): locale, recent searches, order route
 * info and similar. NEVER tokens (the gateway keeps the session in an HttpOnly cookie) and never
 * permission data (menus and buttons always come fresh from the server).
 *
 * Each value is encrypted with AES-GCM (Web Crypto) under a per-install key. The key is
 * non-extractable and kept in IndexedDB where available (falls back to a raw key in local storage
 * where IndexedDB is missing, e.g. in tests). When a stored value cannot be decrypted, every stored
 * value is cleared and the listeners are told ('数据加密异常' / 'data encryption exception').
 */
const PREFIX = 'shop:';
const KEY_ITEM = 'shop.k';
const DB_NAME = 'shop-secure-storage';
const STORE = 'keys';

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

const toBase64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string): Uint8Array<ArrayBuffer> => {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
};

function idbRequest<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function keyFromIndexedDb(): Promise<CryptoKey> {
  const open = indexedDB.open(DB_NAME, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(STORE);
  const db = await idbRequest(open);
  try {
    const existing = await idbRequest(db.transaction(STORE).objectStore(STORE).get('aes'));
    if (existing instanceof CryptoKey) return existing;
    const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
      'encrypt',
      'decrypt',
    ]);
    await idbRequest(db.transaction(STORE, 'readwrite').objectStore(STORE).put(key, 'aes'));
    return key;
  } finally {
    db.close();
  }
}

async function keyFromLocalStorage(): Promise<CryptoKey> {
  const stored = localStorage.getItem(KEY_ITEM);
  if (stored) {
    try {
      return await crypto.subtle.importKey('raw', fromBase64(stored), 'AES-GCM', false, [
        'encrypt',
        'decrypt',
      ]);
    } catch {
      // a damaged key: make a new one below (the old values will then fail and be reset)
    }
  }
  const raw = crypto.getRandomValues(new Uint8Array(32));
  localStorage.setItem(KEY_ITEM, toBase64(raw));
  return crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

let keyPromise: Promise<CryptoKey> | null = null;
function getKey(): Promise<CryptoKey> {
  keyPromise ??= (async () => {
    if (typeof indexedDB !== 'undefined') {
      try {
        return await keyFromIndexedDb();
      } catch {
        // private mode or blocked IndexedDB: fall through
      }
    }
    return keyFromLocalStorage();
  })();
  return keyPromise;
}

/** Test hook: forget the cached key (a new install, or a key that changed). */
export function resetSecureStorageKeyCache(): void {
  keyPromise = null;
}

async function encrypt(value: unknown): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = new TextEncoder().encode(JSON.stringify(value));
  const cipher = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await getKey(), data));
  return `${toBase64(iv)}.${toBase64(cipher)}`;
}

async function decrypt<T>(stored: string): Promise<T> {
  const [iv, cipher] = stored.split('.');
  if (!iv || !cipher) throw new Error('malformed');
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64(iv) },
    await getKey(),
    fromBase64(cipher),
  );
  return JSON.parse(new TextDecoder().decode(plain)) as T;
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
      return await decrypt<T>(stored);
    } catch {
      secureStorage.clear();
      notifyError();
      return null;
    }
  },

  async set(key: string, value: unknown): Promise<void> {
    try {
      localStorage.setItem(PREFIX + key, await encrypt(value));
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
  orderRoute: 'orderRoute',
} as const;
