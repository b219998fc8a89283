/**
 * Where a process keeps entries it can do without (the gateway's response cache, the pages its page
 * server renders, the sessions that ended): in its own memory, or in Redis when a URL is given, so
 * that every instance behind a balancer reads what any of them stored (a page rendered by one is
 * served by all). Each use gets Apollo's `KeyValueCache` under a prefix of its own
 * (`shop:<use>:`), so several uses share one Redis without meeting.
 *
 * Redis is a cache here, never a dependency of an answer: commands have a deadline and a circuit
 * breaker bypasses a Redis that is slow or gone (redis.ts). What a store gives back is text from
 * outside the process: its user checks it before use (the gateway's cache/entries.ts). Beside the
 * stores, counters: the catalogue's generation (catalogue-generation.ts) keys both caches.
 */

import { InMemoryLRUCache, type KeyValueCache } from '@apollo/utils.keyvaluecache';
import { RedisCounter, RedisKeyValueCache, SharedRedis, type StoreLog } from './redis.ts';

export type { StoreLog };

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

export interface CacheStores<Use extends string = string> {
  /** True when the stores live in Redis (shared by every instance on the same URL). */
  readonly shared: boolean;
  /** The store for one use; `memory` bounds it when it lives in this process. */
  store(use: Use, memory?: MemoryBounds): KeyValueCache<string>;
  /** The counter of that name, shared the way the stores are. */
  counter(name: string): SharedCounter;
  /** Waits (at most `timeoutMs`) until Redis answers, so the first requests after start can share. */
  ready(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

/** The stores in Redis at `redisUrl` (each command within `redisTimeoutMs`), else in memory. */
export function openStores<Use extends string = string>(options: {
  redisUrl?: string;
  redisTimeoutMs?: number;
  log: StoreLog;
}): CacheStores<Use> {
  return options.redisUrl
    ? redisStores(new SharedRedis(options.redisUrl, options.log, options.redisTimeoutMs))
    : memoryStores();
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

function memoryStores<Use extends string>(): CacheStores<Use> {
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

function redisStores<Use extends string>(redis: SharedRedis): CacheStores<Use> {
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
