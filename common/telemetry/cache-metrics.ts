/**
 * Cache lookups of the gateway process, counted by cache and result: its response cache and
 * conditional requests (gateway/) and its page cache (web-server/) add to one counter. Without a
 * meter provider (no metrics port) each call is a no-op.
 */
import { metrics } from '@opentelemetry/api';

const cacheRequests = metrics.getMeter('shop-gateway').createCounter('shop.cache.requests', {
  description:
    'Cache lookups by cache (response: Apollo response cache, page: rendered pages, http: conditional requests answered 304) and result (hit, miss).',
});

export type CacheName = 'response' | 'page' | 'http';

export function countCache(cache: CacheName, hit: boolean): void {
  cacheRequests.add(1, { cache, result: hit ? 'hit' : 'miss' });
}
