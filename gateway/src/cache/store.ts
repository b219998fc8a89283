/**
 * Where the gateway's caches keep their entries: in this process's memory, or in Redis when
 * REDIS_URL is set, so that every instance behind a balancer reads what any of them stored (a page
 * rendered by one is served by all). Each use gets Apollo's `KeyValueCache` under a prefix of its
 * own, so the response cache and the page cache can share one Redis without meeting.
 *
 * Redis is a cache here, never a dependency of an answer: while it is unreachable every read is a
 * miss and every write is dropped (logged at most once per ERROR_LOG_MS), so the gateway keeps
 * answering by rendering and asking the service, as a gateway without REDIS_URL does.
 */

import {
  InMemoryLRUCache,
  type KeyValueCache,
  type KeyValueCacheSetOptions,
} from '@apollo/utils.keyvaluecache';
import { createClient } from '@redis/client';
import type { Logger } from '../logging.ts';

/** What a store is for: its entries live under `shop:<use>:` in Redis. */
export type CacheUse = 'response' | 'page';

export interface MemoryBounds {
  /** At most this many entries (least recently used go first). */
  maxEntries?: number;
  /** At most this many characters in all. */
  maxSize?: number;
}

export interface CacheStores {
  /** True when the stores live in Redis (shared by every instance on the same REDIS_URL). */
  readonly shared: boolean;
  /** The store for one use; `memory` bounds it when it lives in this process. */
  store(use: CacheUse, memory?: MemoryBounds): KeyValueCache<string>;
  /** Waits (at most `timeoutMs`) until Redis answers, so the first requests after start can share. */
  ready(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

/** Once a Redis outage is logged, the same outage is not logged again for this long. */
const ERROR_LOG_MS = 10_000;

export function cacheStores(options: { redisUrl?: string; log: Logger }): CacheStores {
  if (!options.redisUrl) return memoryStores();
  return redisStores(options.redisUrl, options.log);
}

/** A store in this process's memory, bounded by entries and by characters (64 MiB unless told). */
export function memoryStore(memory: MemoryBounds = {}): KeyValueCache<string> {
  return new InMemoryLRUCache<string>({
    ...(memory.maxEntries ? { max: memory.maxEntries } : {}),
    maxSize: memory.maxSize ?? 64 * 1024 * 1024,
    sizeCalculation: (value) => Math.max(1, value.length),
  });
}

function memoryStores(): CacheStores {
  return {
    shared: false,
    store: (_use, memory) => memoryStore(memory),
    ready: async () => true,
    close: async () => {},
  };
}

function redisStores(url: string, log: Logger): CacheStores {
  const client = createClient({
    url,
    // A command sent while the connection is down fails at once (a miss) instead of waiting in a
    // queue for a Redis that may be gone for minutes, holding every page request with it.
    disableOfflineQueue: true,
    socket: {
      connectTimeout: 2_000,
      reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 5_000),
    },
  });
  let loggedAt = Number.NEGATIVE_INFINITY;
  const failed = (error: unknown, what: string) => {
    const now = Date.now();
    if (now - loggedAt < ERROR_LOG_MS) return;
    loggedAt = now;
    log.warn({ err: error, what }, 'redis cache unavailable: answering without the shared cache');
  };
  // Without a listener an 'error' event would end the process; each one is also a failed command.
  client.on('error', (error) => failed(error, 'connection'));
  const connected = client.connect().then(
    () => true,
    (error) => {
      failed(error, 'connect');
      return false;
    },
  );
  return {
    shared: true,
    store: (use) => new RedisKeyValueCache(client, `shop:${use}:`, failed),
    async ready(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      try {
        return await Promise.race([connected, late]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      await connected;
      if (client.isOpen) client.destroy();
    },
  };
}

/** The commands the cache uses, as the client's types give them. */
interface Client {
  get(key: string): Promise<string | null | unknown>;
  set(key: string, value: string, options?: { expiration: { type: 'PX'; value: number } }): Promise<unknown>;
  del(key: string): Promise<number>;
}

/** Apollo's KeyValueCache over one Redis connection; `ttl` is in seconds, as Apollo gives it. */
export class RedisKeyValueCache implements KeyValueCache<string> {
  constructor(
    private readonly client: Client,
    private readonly prefix: string,
    private readonly failed: (error: unknown, what: string) => void,
  ) {}

  async get(key: string): Promise<string | undefined> {
    try {
      const value = await this.client.get(this.prefix + key);
      return typeof value === 'string' ? value : undefined;
    } catch (error) {
      this.failed(error, 'get');
      return undefined;
    }
  }

  async set(key: string, value: string, options?: KeyValueCacheSetOptions): Promise<void> {
    try {
      const ttl = options?.ttl;
      await this.client.set(
        this.prefix + key,
        value,
        ttl ? { expiration: { type: 'PX', value: Math.max(1, Math.ceil(ttl * 1000)) } } : undefined,
      );
    } catch (error) {
      this.failed(error, 'set');
    }
  }

  async delete(key: string): Promise<boolean> {
    try {
      return (await this.client.del(this.prefix + key)) > 0;
    } catch (error) {
      this.failed(error, 'delete');
      return false;
    }
  }
}
