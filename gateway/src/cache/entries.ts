/**
 * What is read from a cache store is data from outside the process (Redis is shared, and anyone
 * who can reach it can write there), so each use's entries are checked before they are handed on:
 * an entry that is not what that use stores — not JSON, the wrong shape, past its lifetime, over
 * the size bound — is a miss, logged once at warn for each use and kind of fault (later ones at
 * debug), and never an error for the request. Entries over the size bound are not written either.
 *
 * The response cache's entries are what @apollo/server-plugin-response-cache writes:
 * `{ data, cachePolicy: { maxAge, scope }, cacheTime }`. Stored pages are checked for their shape
 * where they are made (web-server/src/page-cache.ts); here only their size.
 */
import type { KeyValueCache, KeyValueCacheSetOptions } from '@apollo/utils.keyvaluecache';
import { z } from 'zod';
import type { Logger } from '../logging.ts';

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

const responseEntry = z
  .strictObject({
    data: z.record(z.string(), z.unknown()),
    cachePolicy: z.strictObject({
      maxAge: z.number().int().positive().max(MAX_AGE_SECONDS),
      scope: z.enum(['PUBLIC', 'PRIVATE']),
    }),
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

/** Why `value` is not an entry of `use`, or null when it is one. */
export function entryFault(use: CacheUse, value: string): Fault | null {
  if (value.length > MAX_CHARS[use]) return 'size';
  if (use !== 'response') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return 'json';
  }
  return responseEntry.safeParse(parsed).success ? null : 'shape';
}

/** `store` with each entry checked on the way out, and oversized ones refused on the way in. */
export function validatedStore(
  store: KeyValueCache<string>,
  use: CacheUse,
  log: Logger,
): KeyValueCache<string> {
  const warned = new Set<Fault>();
  return {
    async get(key) {
      const value = await store.get(key);
      if (value === undefined) return undefined;
      const fault = entryFault(use, value);
      if (fault === null) return value;
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
