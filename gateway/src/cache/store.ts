/**
 * Where the gateway's caches keep their entries: in this process's memory, or in Redis when
 * REDIS_URL is set, so that every instance behind a balancer reads what any of them stored (a page
 * rendered by one is served by all). Each use gets Apollo's `KeyValueCache` under a prefix of its
 * own, so the response cache and the page cache can share one Redis without meeting.
 *
 * Redis is a cache here, never a dependency of an answer: commands have a deadline and a circuit
 * breaker bypasses a Redis that is slow or gone (cache/redis.ts). Whatever a store gives back is
 * checked first (cache/entries.ts): a bad entry is a miss, never an error.
 */

import { InMemoryLRUCache, type KeyValueCache } from '@apollo/utils.keyvaluecache';
import type { Logger } from '../logging.ts';
import { type CacheUse, validatedStore } from './entries.ts';
import { RedisCounter, RedisKeyValueCache, SharedRedis } from './redis.ts';

export type { CacheUse };

export interface MemoryBounds {
  /** At most this many entries (least recently used go first). */
  maxEntries?: number;
  /** At most this many characters in all. */
  maxSize?: number;
}

/** A number kept beside the stores (in Redis under `shop:counter:<name>` when shared). */
export interface SharedCounter {
  /** Its value; undefined when it cannot be known now (Redis slow or gone). */
  read(): Promise<number | undefined>;
  /** Raises it by one: the new value, or undefined when the raise could not be made. */
  raise(): Promise<number | undefined>;
}

export interface CacheStores {
  /** True when the stores live in Redis (shared by every instance on the same REDIS_URL). */
  readonly shared: boolean;
  /** The store for one use; `memory` bounds it when it lives in this process. */
  store(use: CacheUse, memory?: MemoryBounds): KeyValueCache<string>;
  /** The counter of that name, shared the way the stores are. */
  counter(name: 'catalogue'): SharedCounter;
  /** Waits (at most `timeoutMs`) until Redis answers, so the first requests after start can share. */
  ready(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

export function cacheStores(options: {
  redisUrl?: string;
  redisTimeoutMs?: number;
  log: Logger;
}): CacheStores {
  const stores = options.redisUrl
    ? redisStores(new SharedRedis(options.redisUrl, options.log, options.redisTimeoutMs))
    : memoryStores();
  return { ...stores, store: (use, memory) => validatedStore(stores.store(use, memory), use, options.log) };
}

/** A store in this process's memory, bounded by entries and by characters (64 MiB unless told). */
export function memoryStore(memory: MemoryBounds = {}): KeyValueCache<string> {
  return new InMemoryLRUCache<string>({
    ...(memory.maxEntries ? { max: memory.maxEntries } : {}),
    maxSize: memory.maxSize ?? 64 * 1024 * 1024,
    sizeCalculation: (value) => Math.max(1, value.length),
  });
}

/** A counter in this process's memory. */
export function memoryCounter(): SharedCounter {
  let value = 0;
  return {
    read: async () => value,
    raise: async () => {
      value += 1;
      return value;
    },
  };
}

function memoryStores(): CacheStores {
  const counters = new Map<string, SharedCounter>();
  return {
    shared: false,
    store: (_use, memory) => memoryStore(memory),
    counter(name) {
      let counter = counters.get(name);
      if (!counter) {
        counter = memoryCounter();
        counters.set(name, counter);
      }
      return counter;
    },
    ready: async () => true,
    close: async () => {},
  };
}

function redisStores(redis: SharedRedis): CacheStores {
  return {
    shared: true,
    store: (use) => new RedisKeyValueCache(redis, `shop:${use}:`),
    counter: (name) => new RedisCounter(redis, `shop:counter:${name}`),
    async ready(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      try {
        return await Promise.race([redis.connected, late]);
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => redis.close(),
  };
}
