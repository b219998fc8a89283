/**
 * A Redis with a password (REDIS_URL `redis://:<password>@host:port`): a gateway given the right
 * password keeps its answers there for every instance, one given a wrong password still answers
 * every request (the cache bypassed), and no log line of either carries a password.
 */

import { randomBytes } from 'node:crypto';
import { createClient } from '@redis/client';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheStores, type GatewayStores } from '../../gateway/src/cache/entries.ts';
import { type RedisServer, startRedis } from '../../scripts/redis.ts';
import { type GatewayHarness, startGatewayHarness } from './harness.ts';

const QUERY = '{ categories { id name } }';

describe('gateway: Redis with a password', () => {
  const password = randomBytes(16).toString('hex');
  const wrong = randomBytes(16).toString('hex');
  let redis: RedisServer;
  let right: GatewayHarness;
  let refused: GatewayHarness;
  let reader: GatewayStores;
  const logged: string[] = [];
  let real: unknown;
  const logger = () => pino({ level: 'debug' }, { write: (line: string) => logged.push(line) });

  beforeAll(async () => {
    redis = await startRedis({ password });
    expect(redis.url).toContain(`:${password}@`);
    // REDIS_TIMEOUT: the shared entry must be written and read, on a loaded machine too
    right = await startGatewayHarness({
      gatewayEnv: { REDIS_URL: redis.url, REDIS_TIMEOUT: '1s' },
      logger: logger(),
    });
    refused = await startGatewayHarness({
      gatewayEnv: { REDIS_URL: redis.url.replace(password, wrong) },
      logger: logger(),
    });
    reader = cacheStores({ redisUrl: redis.url, redisTimeoutMs: 1_000, log: pino({ level: 'silent' }) });
    expect(await reader.ready(5_000)).toBe(true);
  });
  afterAll(async () => {
    await reader?.close();
    await right?.close();
    await refused?.close();
    await redis?.stop();
  });

  it('keeps answers in Redis for every instance when the password is right', async () => {
    const first = await right.gql(QUERY);
    real = first.data;
    expect(first.upstreamCalls).toBeGreaterThan(0);
    expect((await right.gql(QUERY)).upstreamCalls).toBe(0);
    // Another instance on the same REDIS_URL reads the entry, under the response cache's prefix.
    const shared = reader.responses({ maxEntries: 10, maxSize: 1024 * 1024 });
    const raw = createClient({ url: redis.url });
    await raw.connect();
    const [key] = await raw.keys('shop:response:*');
    raw.destroy();
    const entry = await shared.get(key.slice('shop:response:'.length));
    expect(entry?.data).toEqual(first.data);
  });

  it('answers every request with a wrong password, the cache bypassed', async () => {
    for (let i = 0; i < 5; i += 1) {
      const started = performance.now();
      const res = await refused.gql(QUERY);
      expect(res.status).toBe(200);
      expect(res.data).toEqual(real);
      expect(res.upstreamCalls).toBeGreaterThan(0);
      expect(performance.now() - started).toBeLessThan(1_000);
    }
    // Requests ask Redis only for the catalogue's generation now and then (the cache itself is
    // not read while it is unknown), so the breaker opens after a few of those reads: the outage
    // is logged once then, and not again for the requests after it.
    const outages = () => logged.filter((line) => line.includes('redis cache unavailable'));
    const until = performance.now() + 5_000;
    while (outages().length === 0 && performance.now() < until) await refused.gql(QUERY);
    for (let i = 0; i < 5; i += 1) await refused.gql(QUERY);
    expect(outages()).toHaveLength(1);
  });

  it('never logs a password', () => {
    expect(logged.length).toBeGreaterThan(0);
    for (const line of logged) {
      expect(line).not.toContain(password);
      expect(line).not.toContain(wrong);
    }
  });
});
