/**
 * What is read from a cache store is data from outside the process (Redis is shared, and anyone
 * who can reach it can write there), so each use's entries are checked before they are handed on:
 * an entry that is not what that use stores — not JSON, the wrong shape, past its lifetime, over
 * the size bound — is a miss, logged once at warn for each use and kind of fault (later ones at
 * debug), and never an error for the request. Entries over the size bound are not written either.
 * A store in this process's memory holds only what this process wrote: its entries are trusted.
 *
 * The response cache's entries are what @apollo/server-plugin-response-cache writes:
 * `{"data":…,"cachePolicy":{"maxAge":…,"scope":…},"cacheTime":…}`. Stored pages are checked for
 * their shape where they are made (web-server/src/page-cache.ts); here only their size.
 *
 * A response entry has already lived part of its lifetime, but the plugin (version 5) hands on
 * the hint it was stored with: the answer would go out with its full `max-age` again, and the
 * `Age` it adds is rounded to the nearest second (half a second too young at worst). A page
 * rendered from such an answer, or a browser that ignores `Age`, would keep it for up to a whole
 * lifetime more: stock past its bound. So each entry is handed on as it is now: the hint's
 * `maxAge` is what is left of its lifetime in whole seconds rounded down, counted from when it was
 * stored, and its time of storing is now (the plugin's `Age` is then 0, and nothing is taken off
 * twice). An entry with less than a second left is still answered, as `no-store` (a max-age of
 * 0): nothing downstream keeps it, a page is not stored from it. The plugin parses the entry
 * itself, so a trusted entry is not parsed here: only its short tail (policy and time) is read
 * and rewritten.
 */
import type { KeyValueCache, KeyValueCacheSetOptions } from '@apollo/utils.keyvaluecache';
import type { Logger } from '@shop/common/logging.ts';
import { z } from 'zod';

/**
 * What a store is for: its entries live under `shop:<use>:` in Redis (`session`: the sessions that
 * ended, session/ended.ts).
 */
export type CacheUse = 'response' | 'page' | 'session';

/** The largest entry kept, in characters: far above any answer or page the shop makes. */
const MAX_CHARS: Record<CacheUse, number> = { response: 1024 * 1024, page: 4 * 1024 * 1024, session: 64 };
/**
 * The longest lifetime an answer is kept for (seconds). The SDL's longest hint is an hour and the
 * lifetimes settings give are seconds to minutes, so an entry claiming more than a day was not made
 * by a gateway (a setting of more than a day would show as warnings and misses).
 */
const MAX_AGE_SECONDS = 24 * 60 * 60;
/** Clocks of the gateways sharing one Redis may differ by this much. */
const CLOCK_SKEW_MS = 5_000;

const cachePolicy = z.strictObject({
  maxAge: z.number().int().positive().max(MAX_AGE_SECONDS),
  scope: z.enum(['PUBLIC', 'PRIVATE']),
});
type CachePolicy = z.infer<typeof cachePolicy>;

const responseEntry = z
  .strictObject({
    data: z.record(z.string(), z.unknown()),
    cachePolicy,
    cacheTime: z.number().int().nonnegative(),
  })
  .refine(
    ({ cacheTime, cachePolicy }) => {
      const now = Date.now();
      return cacheTime <= now + CLOCK_SKEW_MS && now - cacheTime <= cachePolicy.maxAge * 1000 + CLOCK_SKEW_MS;
    },
    { message: 'cacheTime is in the future or past the lifetime' },
  );

type Fault = 'size' | 'json' | 'shape';

/** The policy of an entry stored at `cacheTime`, as of `now`; null when its lifetime is over. */
function policyAsOfNow(policy: CachePolicy, cacheTime: number, now: number): CachePolicy | null {
  const leftMs = cacheTime + policy.maxAge * 1000 - now;
  if (!(leftMs > 0)) return null;
  return { maxAge: Math.min(Math.floor(leftMs / 1000), policy.maxAge), scope: policy.scope };
}

/** Where the entry's own policy begins (its data comes first, so the last match is the entry's). */
const TAIL = ',"cachePolicy":';

/**
 * A response entry as of `now`: its text, undefined when its lifetime is over, or why it is not
 * an entry. `trusted`: written by this process (the plugin's own text), so only its tail is read
 * (text of another form is checked in full).
 */
export function responseAsOfNow(
  text: string,
  now: number,
  trusted: boolean,
): string | undefined | { fault: Fault } {
  const at = trusted ? text.lastIndexOf(TAIL) : -1;
  if (at !== -1) {
    const tail = JSON.parse(`{${text.slice(at + 1)}`) as { cachePolicy: CachePolicy; cacheTime: number };
    const policy = policyAsOfNow(tail.cachePolicy, tail.cacheTime, now);
    return policy ? `${text.slice(0, at)}${TAIL}${JSON.stringify(policy)},"cacheTime":${now}}` : undefined;
  }
  if (text.length > MAX_CHARS.response) return { fault: 'size' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { fault: 'json' };
  }
  const entry = responseEntry.safeParse(parsed);
  if (!entry.success) return { fault: 'shape' };
  const policy = policyAsOfNow(entry.data.cachePolicy, entry.data.cacheTime, now);
  return policy ? JSON.stringify({ data: entry.data.data, cachePolicy: policy, cacheTime: now }) : undefined;
}

/**
 * `store` with each entry checked on the way out (response entries also as of now), and oversized
 * ones refused on the way in. `trusted`: the store is this process's memory.
 */
export function validatedStore(
  store: KeyValueCache<string>,
  use: CacheUse,
  log: Logger,
  trusted = false,
  now: () => number = Date.now,
): KeyValueCache<string> {
  const warned = new Set<Fault>();
  return {
    async get(key) {
      const value = await store.get(key);
      if (value === undefined) return undefined;
      const read =
        use === 'response'
          ? responseAsOfNow(value, now(), trusted)
          : !trusted && value.length > MAX_CHARS[use]
            ? { fault: 'size' as const }
            : value;
      if (typeof read !== 'object') return read;
      const { fault } = read;
      const level = warned.has(fault) ? 'debug' : 'warn';
      warned.add(fault);
      log[level](
        { cache: use, fault, chars: value.length },
        'cache entry is not what this cache stores: ignored',
      );
      return undefined;
    },
    async set(key: string, value: string, options?: KeyValueCacheSetOptions) {
      if (value.length > MAX_CHARS[use]) return;
      await store.set(key, value, options);
    },
    delete: (key) => store.delete(key),
  };
}
