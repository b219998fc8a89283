/**
 * A Redis started for one suite (Debian's redis-server on a free port) and the stores a test opens
 * on it (or in memory), every one closed with the suite.
 */
import { type CacheStores, openStores } from '@shop/store';
import pino from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { type RedisServer, startRedis } from '../../scripts/redis.ts';

export function redisForSuite() {
  const log = pino({ level: 'silent' });
  let redis: RedisServer | undefined;
  const opened: CacheStores[] = [];
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    for (const stores of opened) await stores.close();
    await redis?.stop();
  });
  const server = (): RedisServer => {
    if (!redis) throw new Error('Redis is started in beforeAll');
    return redis;
  };
  return {
    server,
    /** Stores on `redisUrl` (the suite's Redis unless told; null: in memory), ready to use. */
    async open(redisUrl: string | null = server().url): Promise<CacheStores> {
      // A generous deadline: what is stored must be read back, on a loaded machine too.
      const stores = openStores({ redisUrl: redisUrl ?? undefined, redisTimeoutMs: 1_000, log });
      opened.push(stores);
      await stores.ready(5_000);
      return stores;
    },
  };
}
