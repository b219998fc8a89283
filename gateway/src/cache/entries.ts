/**
 * What is read from a cache store is data from outside the process (Redis is shared, and anyone who can
 * reach it can write there), so each use's entries are checked before they are handed on: an entry that is
 * not what that use stores (not JSON, the wrong shape, past its lifetime, over the size bound) is a miss,
 * logged once at warn for each use and kind of fault, and never an error for the request. Entries over the
 * size bound are not written either. A store in this process's memory holds only what this process wrote.
 *
 * Response entries (graphql/response-cache.ts) are `{"data":…,"cachePolicy":{"maxAge":…,"scope":…},
 * "cacheTime":…}`; stored pages are checked for their shape where they are made (web-server/src/page-cache.ts),
 * here only for their size. A response entry is handed on as it is now: its `maxAge` is what is left of its
 * lifetime in whole seconds rounded down, and its time of storing is now. With its full `max-age` again, a
 * page rendered from it, or a browser, would keep it up to a whole lifetime more: stock past its bound. An
 * entry with less than a second left is answered as `no-store` (a max-age of 0): nothing downstream keeps it.
 */
import { hash } from 'node:crypto';
import type { KeyValueCache, KeyValueCacheSetOptions } from '@apollo/utils.keyvaluecache';
import { freezeCountingChars } from '@shop/common/freeze.ts';
import type { Logger } from '@shop/common/logging.ts';
import { type CacheStores, openStores } from '@shop/store';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';

/** What a store is for: its entries live under `shop:<use>:` in Redis (`session`: session/ended.ts). */
export type CacheUse = 'response' | 'page' | 'session';

/** The largest entry kept, in characters: far above any answer or page the shop makes. */
const MAX_CHARS: Record<CacheUse, number> = { response: 1024 * 1024, page: 4 * 1024 * 1024, session: 64 };
/**
 * The longest lifetime an answer is kept for (seconds). The SDL's longest hint is an hour and settings give
 * seconds to minutes, so an entry claiming more than a day was not made by a gateway.
 */
const MAX_AGE_SECONDS = 24 * 60 * 60;
/** Clocks of the gateways sharing one Redis may differ by this much. */
const CLOCK_SKEW_MS = 5_000;

const cachePolicy = z.strictObject({
  maxAge: z.number().int().positive().max(MAX_AGE_SECONDS),
  scope: z.enum(['PUBLIC', 'PRIVATE']),
});

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

/** What the response cache keeps: an answer's data, the policy it was kept under and when. */
export type ResponseEntry = z.infer<typeof responseEntry>;
type Fault = 'size' | 'json' | 'shape';

/** An entry as of `now` (stored now, what is left of its lifetime); undefined when that is over. */
function asOfNow(entry: ResponseEntry, now: number): ResponseEntry | undefined {
  const leftMs = entry.cacheTime + entry.cachePolicy.maxAge * 1000 - now;
  if (!(leftMs > 0)) return undefined;
  const maxAge = Math.min(Math.floor(leftMs / 1000), entry.cachePolicy.maxAge);
  return { data: entry.data, cachePolicy: { maxAge, scope: entry.cachePolicy.scope }, cacheTime: now };
}

/** A response entry read as text from a shared store, or why it is not one. */
export function responseEntryFrom(text: string): ResponseEntry | { fault: Fault } {
  if (text.length > MAX_CHARS.response) return { fault: 'size' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { fault: 'json' };
  }
  const entry = responseEntry.safeParse(parsed);
  return entry.success ? entry.data : { fault: 'shape' };
}

/** Logs an entry that is not what its use stores: at warn once per kind of fault, then at debug. */
function faultLog(use: CacheUse, log: Logger) {
  const warned = new Set<Fault>();
  return (fault: Fault, chars: number) => {
    const level = warned.has(fault) ? 'debug' : 'warn';
    warned.add(fault);
    log[level]({ cache: use, fault, chars }, 'cache entry is not what this cache stores: ignored');
  };
}

/** Where the response cache keeps its entries; `get` hands an entry on as of now. */
export interface ResponseStore {
  get(key: string): Promise<ResponseEntry | undefined>;
  set(key: string, entry: ResponseEntry, ttlSeconds: number): Promise<void>;
}

/**
 * The response cache's store: in this process's memory, entries stay parsed (a hit parses nothing), frozen;
 * in a shared store (`text`, Redis) they are JSON, checked in full on the way out, under their key's hash
 * (a key holds the variables and the session).
 */
export function responseStore(
  text: KeyValueCache<string> | null,
  memory: { maxEntries: number; maxSize: number },
  log: Logger,
  now: () => number = Date.now,
): ResponseStore {
  if (!text) {
    const kept = new LRUCache<string, ResponseEntry>({ max: memory.maxEntries, maxSize: memory.maxSize });
    return {
      get: async (key) => {
        const entry = kept.get(key);
        return entry && asOfNow(entry, now());
      },
      set: async (key, entry, ttlSeconds) => {
        const chars = freezeCountingChars(entry);
        if (chars <= MAX_CHARS.response)
          kept.set(key, entry, { ttl: ttlSeconds * 1000, size: chars + key.length });
      },
    };
  }
  const fault = faultLog('response', log);
  return {
    async get(key) {
      const value = await text.get(hash('sha256', key));
      if (value === undefined) return undefined;
      const read = responseEntryFrom(value);
      if ('fault' in read) {
        fault(read.fault, value.length);
        return undefined;
      }
      return asOfNow(read, now());
    },
    async set(key, entry, ttlSeconds) {
      const value = JSON.stringify(entry);
      if (value.length <= MAX_CHARS.response) await text.set(hash('sha256', key), value, { ttl: ttlSeconds });
    },
  };
}

/**
 * `store` (a page or session store) with oversized entries refused on the way in and, unless
 * `trusted` (this process's memory), on the way out.
 */
export function validatedStore(
  store: KeyValueCache<string>,
  use: Exclude<CacheUse, 'response'>,
  log: Logger,
  trusted = false,
): KeyValueCache<string> {
  const fault = faultLog(use, log);
  return {
    async get(key) {
      const value = await store.get(key);
      if (value === undefined || trusted || value.length <= MAX_CHARS[use]) return value;
      fault('size', value.length);
      return undefined;
    },
    async set(key: string, value: string, options?: KeyValueCacheSetOptions) {
      if (value.length > MAX_CHARS[use]) return;
      await store.set(key, value, options);
    },
    delete: (key) => store.delete(key),
  };
}

/** @shop/store's stores (in memory, or in Redis shared by every instance), each checked on the way out. */
export interface GatewayStores extends CacheStores<Exclude<CacheUse, 'response'>> {
  /** The response cache's store: parsed entries in memory, checked JSON in Redis. */
  responses(memory: { maxEntries: number; maxSize: number }): ResponseStore;
}

export function cacheStores(options: {
  redisUrl?: string;
  redisTimeoutMs?: number;
  log: Logger;
  /** The clock response entries' lifetimes are read on. */
  now?: () => number;
}): GatewayStores {
  const stores = openStores<CacheUse>(options);
  return {
    ...stores,
    // Memory holds only what this process wrote: trusted. Redis is shared: checked.
    store: (use, memory) => validatedStore(stores.store(use, memory), use, options.log, !stores.shared),
    responses: (memory) =>
      responseStore(stores.shared ? stores.store('response') : null, memory, options.log, options.now),
  };
}
