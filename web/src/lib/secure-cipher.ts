/**
 * The cipher behind the encrypted local storage (secure-storage.ts): AES-GCM (Web Crypto) under a
 * per-install, non-extractable key kept in IndexedDB (a raw key in local storage where IndexedDB
 * is missing, e.g. in tests).
 */
const KEY_ITEM = 'shop.k';
const DB_NAME = 'shop-secure-storage';
const STORE = 'keys';

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

export async function encrypt(value: unknown): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = new TextEncoder().encode(JSON.stringify(value));
  const cipher = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await getKey(), data));
  return `${toBase64(iv)}.${toBase64(cipher)}`;
}

export async function decrypt<T>(stored: string): Promise<T> {
  const [iv, cipher] = stored.split('.');
  if (!iv || !cipher) throw new Error('malformed');
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64(iv) },
    await getKey(),
    fromBase64(cipher),
  );
  return JSON.parse(new TextDecoder().decode(plain)) as T;
}
