/**
 * An answer from Apollo's response cache has already lived part of its lifetime, but the plugin
 * (@apollo/server-plugin-response-cache 5) hands on the hint it was stored with: the answer goes
 * out with its full `max-age` again, and the `Age` it adds is rounded to the nearest second (half a
 * second too young at worst). A page rendered from such an answer, or a browser that ignores `Age`,
 * would keep it for up to a whole lifetime more: stock past its bound.
 *
 * So the store the plugin reads through hands back each entry as it is now: the hint's `maxAge` is
 * what is left of its lifetime in whole seconds rounded down, counted from when it was stored, and
 * its time of storing is now (the plugin's `Age` is then 0, and nothing is taken off twice). An
 * entry with less than a second left is still answered, as `no-store` (a max-age of 0): nothing
 * downstream keeps it, a page is not stored from it.
 */
import type { KeyValueCache } from '@apollo/utils.keyvaluecache';

/** What the response cache plugin stores (its `CacheValue`). */
interface Entry {
  data: unknown;
  cachePolicy: { maxAge: number; scope: string };
  cacheTime: number;
}

const isEntry = (value: unknown): value is Entry => {
  const entry = value as Partial<Entry> | null;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    typeof entry.cacheTime === 'number' &&
    typeof entry.cachePolicy === 'object' &&
    entry.cachePolicy !== null &&
    typeof entry.cachePolicy.maxAge === 'number'
  );
};

/** `entry` as of `now`, or undefined when it is past its lifetime (or not an entry). */
export function asOfNow(text: string, now: number): string | undefined {
  let entry: unknown;
  try {
    entry = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isEntry(entry)) return undefined;
  const leftMs = entry.cacheTime + entry.cachePolicy.maxAge * 1000 - now;
  if (!(leftMs > 0)) return undefined;
  return JSON.stringify({
    ...entry,
    cachePolicy: {
      ...entry.cachePolicy,
      maxAge: Math.min(Math.floor(leftMs / 1000), entry.cachePolicy.maxAge),
    },
    cacheTime: now,
  });
}

/** `store` with every entry read handed back with what is left of its lifetime. */
export function withRemainingLifetime(
  store: KeyValueCache<string>,
  now: () => number = Date.now,
): KeyValueCache<string> {
  return {
    async get(key) {
      const text = await store.get(key);
      return text === undefined ? undefined : asOfNow(text, now());
    },
    set: (key, value, options) => store.set(key, value, options),
    delete: (key) => store.delete(key),
  };
}
