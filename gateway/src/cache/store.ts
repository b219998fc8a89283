/**
 * The gateway's cache stores: @shop/store's (in this process's memory, or in Redis shared by every
 * instance when REDIS_URL is set), with whatever a store gives back checked first (entries.ts): a
 * bad entry is a miss, never an error.
 */

import type { Logger } from '@shop/common/logging.ts';
import { type CacheStores, openStores, type SharedCounter } from '@shop/store';
import { type CacheUse, type ResponseStore, responseStore, validatedStore } from './entries.ts';

export type { CacheStores, CacheUse, SharedCounter };

export interface GatewayStores extends CacheStores<Exclude<CacheUse, 'response'>> {
  /** The response cache's store: parsed entries in memory, checked JSON in Redis. */
  responses(memory: { maxEntries: number; maxSize: number }): ResponseStore;
}

export function cacheStores(options: {
  redisUrl?: string;
  redisTimeoutMs?: number;
  log: Logger;
}): GatewayStores {
  const stores = openStores<CacheUse>(options);
  return {
    ...stores,
    // Memory holds only what this process wrote: trusted. Redis is shared: checked.
    store: (use, memory) => validatedStore(stores.store(use, memory), use, options.log, !stores.shared),
    responses: (memory) =>
      responseStore(stores.shared ? stores.store('response') : null, memory, options.log),
  };
}
