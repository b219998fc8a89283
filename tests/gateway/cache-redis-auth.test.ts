/**
 * A Redis with a password (REDIS_URL `redis://:<password>@host:port`): a gateway given the right
 * password keeps its answers there for every instance, one given a wrong password still answers
 * every request (the cache bypassed), and no log line of either carries a password.
 */

import { randomBytes } from 'node:crypto';
import { createClient } from '@redis/client';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responseEntryFrom } from '../../gateway/src/cache/entries.ts';
import { type RedisServer, startRedis } from '../../scripts/redis.ts';
import { type GatewayHarness, startGatewayHarness } from './harness.ts';

const QUERY = '{ categories { id name } }';

describe('gateway: Redis with a password', () => {
  const password = randomBytes(16).toString('hex');
  const wrong = randomBytes(16).toString('hex');
  let redis: RedisServer;
  let right: GatewayHarness;
  let refused: GatewayHarness;
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
  });
  afterAll(async () => {
    await right?.close();
    await refused?.close();
    await redis?.stop();
  });

  it('keeps answers in Redis for every instance when the password is right', async () => {
    const first = await right.gql(QUERY);
    real = first.data;
    expect(first.upstreamCalls).toBeGreaterThan(0);
    expect((await right.gql(QUERY)).upstreamCalls).toBe(0);
    // The entry every instance on the same REDIS_URL reads, under the response cache's prefix.
    const raw = createClient({ url: redis.url });
    await raw.connect();
    const keys = await raw.keys('shop:response:*');
    const text = keys.length === 1 ? await raw.get(keys[0]) : null;
    raw.destroy();
    expect(keys).toHaveLength(1);
    expect(responseEntryFrom(text ?? '')).toMatchObject({ data: first.data });
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
