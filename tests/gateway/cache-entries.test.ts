/**
 * What a real gateway reads from a real Redis is data, not instructions: a response-cache entry
 * overwritten with garbage, with a crafted answer (a year's max-age, made-up data), with the wrong
 * shape or over the size bound is a miss — the request is answered 200 with the service's real
 * data — and each kind of fault is logged once at warn.
 */

import { createClient } from '@redis/client';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RedisServer, startRedis } from '../../scripts/redis.ts';
import { type GatewayHarness, startGatewayHarness } from './harness.ts';

const QUERY = '{ categories { id name } }';
const IGNORED = 'cache entry is not what this cache stores: ignored';

describe('gateway: bad response-cache entries in Redis are misses', () => {
  let redis: RedisServer;
  let h: GatewayHarness;
  let raw: ReturnType<typeof createClient>;
  const lines: Array<{ level: number; msg: string; fault?: string }> = [];
  let real: unknown;

  /** Replaces every stored answer with `value`, keeping it for a minute. */
  const overwrite = async (value: string) => {
    const keys = await raw.keys('shop:response:*');
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) await raw.set(key, value, { expiration: { type: 'EX', value: 60 } });
  };
  const warnings = (fault: string) =>
    lines.filter((l) => l.level === 40 && l.msg === IGNORED && l.fault === fault);

  beforeAll(async () => {
    redis = await startRedis();
    raw = createClient({ url: redis.url });
    await raw.connect();
    const logger = pino({ level: 'debug' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    // REDIS_TIMEOUT: every entry under test must be written and read, on a loaded machine too
    h = await startGatewayHarness({ gatewayEnv: { REDIS_URL: redis.url, REDIS_TIMEOUT: '1s' }, logger });
    const first = await h.gql(QUERY);
    real = first.data;
    expect((await h.gql(QUERY)).upstreamCalls).toBe(0); // stored in Redis and read back
  });
  afterAll(async () => {
    raw?.destroy();
    await h?.close();
    await redis?.stop();
  });

  const answeredFromTheService = async () => {
    const res = await h.gql(QUERY);
    expect(res.status).toBe(200);
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual(real);
    expect(res.upstreamCalls).toBeGreaterThan(0);
    return res;
  };

  it('treats an entry that is not JSON as a miss, and says so once', async () => {
    await overwrite('garbage{{');
    await answeredFromTheService();
    await overwrite('garbage{{');
    await answeredFromTheService();
    expect(warnings('json')).toHaveLength(1);
  });

  it('never serves a crafted answer: a year-long max-age, data of its own', async () => {
    const crafted = {
      data: { categories: [{ id: '1', name: '<img src=x onerror=alert(1)>' }] },
      cachePolicy: { maxAge: 31_536_000, scope: 'PUBLIC' },
      cacheTime: Date.now(),
    };
    await overwrite(JSON.stringify(crafted));
    const res = await answeredFromTheService();
    expect(String(res.headers['cache-control'])).not.toContain('31536000');
    await overwrite(
      JSON.stringify({ ...crafted, cachePolicy: { maxAge: 60, scope: 'PUBLIC' }, cacheTime: 4e12 }),
    );
    await answeredFromTheService();
    expect(warnings('shape')).toHaveLength(1);
  });

  it('treats the wrong shape and an oversized entry as misses', async () => {
    const entry = { data: real, cachePolicy: { maxAge: 60, scope: 'PUBLIC' }, cacheTime: Date.now() };
    await overwrite(JSON.stringify({ ...entry, data: 'categories' }));
    await answeredFromTheService();
    await overwrite(JSON.stringify({ ...entry, headers: { 'content-security-policy': "'unsafe-inline'" } }));
    await answeredFromTheService();
    await overwrite(JSON.stringify({ ...entry, padding: 'x'.repeat(2 * 1024 * 1024) }));
    await answeredFromTheService();
    expect(warnings('size')).toHaveLength(1);
    // A well-formed entry is still a hit.
    await overwrite(JSON.stringify(entry));
    expect((await h.gql(QUERY)).upstreamCalls).toBe(0);
  });
});
