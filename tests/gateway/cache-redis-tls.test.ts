/**
 * REDIS_URL `rediss://` (TLS) against a real redis-server that speaks only TLS, with a certificate
 * of a private authority made for the test (openssl): a gateway started with that authority in
 * NODE_EXTRA_CA_CERTS shares its entries over TLS; one that cannot trust the certificate answers
 * without the shared cache, at once.
 */

import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheStores } from '../../gateway/src/cache/entries.ts';
import { type RedisServer, startRedis } from '../../scripts/redis.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Two instances' stores on REDIS_URL, in a process of their own (NODE_EXTRA_CA_CERTS is read at start). */
const TWO_INSTANCES = `
import pino from 'pino';
import { cacheStores } from './gateway/src/cache/entries.ts';
const log = pino({ level: 'silent' });
const open = () => cacheStores({ redisUrl: process.env.REDIS_URL, redisTimeoutMs: 1000, log });
const [a, b] = [open(), open()];
const ready = (await a.ready(5000)) && (await b.ready(5000));
await a.store('page').set('over-tls', 'a page kept over TLS');
const read = await b.store('page').get('over-tls');
process.stdout.write(JSON.stringify({ ready, read }));
await a.close();
await b.close();
`;

describe('gateway: Redis over TLS (rediss://)', () => {
  let dir: string;
  let redis: RedisServer;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-redis-tls-'));
    execFileSync(
      'openssl',
      [
        ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1'],
        ...['-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', 'key.pem', '-out', 'cert.pem'],
      ],
      { cwd: dir, stdio: 'ignore' },
    );
    redis = await startRedis({
      password: randomBytes(16).toString('hex'),
      tls: { cert: path.join(dir, 'cert.pem'), key: path.join(dir, 'key.pem') },
    });
    expect(redis.url).toMatch(/^rediss:\/\//);
  });
  afterAll(async () => {
    await redis?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('shares entries over TLS when the instances trust the authority', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', TWO_INSTANCES],
      {
        cwd: ROOT,
        env: { ...process.env, REDIS_URL: redis.url, NODE_EXTRA_CA_CERTS: path.join(dir, 'cert.pem') },
        timeout: 30_000,
      },
    );
    expect(JSON.parse(stdout)).toEqual({ ready: true, read: 'a page kept over TLS' });
  });

  it('goes without the cache, at once, when the certificate is not trusted', async () => {
    const stores = cacheStores({ redisUrl: redis.url, log: pino({ level: 'silent' }) });
    try {
      expect(await stores.ready(1_000)).toBe(false);
      const store = stores.store('page');
      const started = performance.now();
      await store.set('k', 'v');
      expect(await store.get('k')).toBeUndefined();
      expect(performance.now() - started).toBeLessThan(200);
    } finally {
      await stores.close();
    }
  });
});
