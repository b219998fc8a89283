/**
 * Cache lookups of the gateway process, counted by cache and result: its response cache and
 * conditional requests (gateway/) and its page cache (web-server/) add to one counter; and the
 * state of the shared store's circuit breaker (store/). Without a meter provider (no metrics port)
 * each call is a no-op.
 */
import { metrics } from '@opentelemetry/api';

const meter = metrics.getMeter('shop-gateway');
const cacheRequests = meter.createCounter('shop.cache.requests', {
  description:
    'Cache lookups by cache (response: Apollo response cache, page: rendered pages, http: conditional requests answered 304) and result (hit, miss).',
});

export type CacheName = 'response' | 'page' | 'http';

export function countCache(cache: CacheName, hit: boolean): void {
  cacheRequests.add(1, { cache, result: hit ? 'hit' : 'miss' });
}

const CIRCUIT = { closed: 0, 'half-open': 1, open: 2 } as const;
const redisCircuit = meter.createObservableGauge('shop.cache.redis.circuit', {
  description:
    "The shared cache's circuit breaker (store/src/redis.ts): 0 closed (Redis in use), 1 half-open (one probe in flight), 2 open (Redis bypassed).",
});

/** Reports a Redis connection's circuit state with every collection; returns the way to stop. */
export function observeRedisCircuit(state: () => keyof typeof CIRCUIT): () => void {
  const report = (result: { observe(value: number): void }) => result.observe(CIRCUIT[state()]);
  redisCircuit.addCallback(report);
  return () => redisCircuit.removeCallback(report);
}
