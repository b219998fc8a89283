// biome-ignore-all lint/suspicious/noExplicitAny: REST and GraphQL answers are asserted field by field
/**
 * Every statement under a deadline (service-postgres project only). Another client holds an
 * ACCESS EXCLUSIVE lock on `products`, as a long migration or a stuck maintenance job would: a
 * shopper's read of products fails within the statement timeout with the honest outage answer
 * (the service 503 with Retry-After, the gateway UPSTREAM_UNAVAILABLE) instead of waiting out
 * the gateway's whole upstream deadline; what does not touch the locked table keeps answering;
 * once the lock is released the same reads answer by themselves. A connection whose statement
 * ran out of time is closed, never handed to the next request.
 */
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../service/src/db/database.ts';
import { type GatewayHarness, startGatewayHarness } from '../gateway/harness.ts';

const STATEMENT_TIMEOUT_MS = 600;
/** What "within the deadline" allows on a loaded machine: far under the gateway's 20 s. */
const ANSWERED_WITHIN_MS = 5_000;

describe('database deadlines (PostgreSQL)', () => {
  let h: GatewayHarness;
  let locker: pg.Client;
  let productId: number;

  beforeAll(async () => {
    h = await startGatewayHarness({
      serviceEnv: { DATABASE_STATEMENT_TIMEOUT: `${STATEMENT_TIMEOUT_MS}ms` },
    });
    const row = await h.service.ctx.db
      .selectFrom('products')
      .select('id')
      .where('on_shelf', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    productId = row.id;
    locker = new pg.Client({
      connectionString: process.env.TEST_DATABASE_URL,
      options: `-c search_path=${h.service.config.databaseSchema}`,
    });
    await locker.connect();
  }, 120_000);
  afterAll(async () => {
    await locker?.end().catch(() => {});
    await h?.close();
  });

  const timed = async <T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> => {
    const started = performance.now();
    const result = await work();
    return { ms: performance.now() - started, result };
  };

  it('a held lock: 503 and UPSTREAM_UNAVAILABLE within the deadline, other reads answer, then it recovers', async () => {
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE products IN ACCESS EXCLUSIVE MODE');
    try {
      const rest = await timed(() => h.service.http.get(`/service/shop/product/${productId}`));
      expect(rest.result.status).toBe(503);
      expect(rest.result.headers['retry-after']).toBe('2');
      expect(rest.ms).toBeLessThan(ANSWERED_WITHIN_MS);

      const graphql = await timed(() =>
        h.gql<any>('query($id: ID!) { product(id: $id) { id name } }', { id: String(productId) }),
      );
      expect(graphql.result.errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
      expect(graphql.ms).toBeLessThan(ANSWERED_WITHIN_MS);

      // the shop's configuration lives in another table: it answers as usual meanwhile
      const config = await timed(() => h.service.http.get('/service/shop/system/config'));
      expect(config.result.status).toBe(200);
      expect(config.ms).toBeLessThan(ANSWERED_WITHIN_MS);
    } finally {
      await locker.query('ROLLBACK');
    }

    const after = await h.gql<any>('query($id: ID!) { product(id: $id) { id name } }', {
      id: String(productId),
    });
    expect(after.errors).toBeUndefined();
    expect(after.data.product.id).toBe(String(productId));
  });

  it('closes a connection whose statement ran out of time instead of reusing it', async () => {
    const database = await openDatabase({
      databaseUrl: process.env.TEST_DATABASE_URL,
      sqlitePath: path.join('unused', 'shop.db'),
      poolSize: 1,
      statementTimeoutMs: 300,
    });
    try {
      const pid = async () =>
        (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(database.db)).rows[0].pid;
      const first = await pid();
      expect(await pid()).toBe(first);
      await expect(sql`SELECT pg_sleep(2)`.execute(database.db)).rejects.toMatchObject({ code: '57014' });
      const next = await pid();
      expect(next).not.toBe(first);
      expect(await pid()).toBe(next);
    } finally {
      await database.close();
    }
  });
});
