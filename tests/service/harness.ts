import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import request from 'supertest';
import { createApp } from '../../service/src/app.ts';
import { bootService } from '../../service/src/bootstrap.ts';
import { loadConfig, type ServiceConfig } from '../../service/src/config.ts';
import type { AppContext } from '../../service/src/context.ts';
import { MIGRATION_LOCK_ID } from '../../service/src/db/migrate.ts';
import type { Database } from '../../service/src/db/types.ts';

/** A clock the tests can move forward, to expire tokens, links and unpaid orders. */
export function testClock() {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(ms: number) {
      offsetMs += ms;
    },
  };
}

export interface TestService {
  ctx: AppContext;
  app: ReturnType<typeof createApp>;
  http: ReturnType<typeof request>;
  clock: ReturnType<typeof testClock>;
  config: ServiceConfig;
  close(): Promise<void>;
}

/** How many rows a table holds. */
export async function rowCount(service: TestService, table: keyof Database): Promise<number> {
  const row = await service.ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const usingPostgres = () => process.env.TEST_DB === 'postgres';

/**
 * Drops a file's PostgreSQL schema in TEST_DATABASE_URL. Files run side by side, and a migration
 * reads every schema's catalogue: the drop waits for the migrations' lock, so none sees it half-way.
 */
export async function dropTestSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
  } finally {
    await client.end();
  }
}

/**
 * Starts the real service on a temporary database: a fresh SQLite file, or (TEST_DB=postgres)
 * a fresh schema in TEST_DATABASE_URL that is dropped afterwards.
 */
export async function startTestService(
  env: Record<string, string> = {},
  options: { seed?: boolean } = {},
): Promise<TestService> {
  const id = randomBytes(6).toString('hex');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-'));
  const postgres = usingPostgres();
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (postgres && !databaseUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const schema = `t_${id}`;
  const config = loadConfig({
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    // scrypt at N=2^17 costs ~0.4 s a hash; suites use a cheaper N (the accounts suite checks the default).
    PASSWORD_HASH_COST: '12',
    // Suites register many shoppers from one address, some in parallel fixtures; the registration
    // throttle and the hash queue's bounds have their own tests (accounts-security).
    REGISTER_MAX_PER_ADDRESS: '10000',
    PASSWORD_HASH_QUEUE: '1000',
    ...(postgres ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : {}),
    ...env,
  });
  const clock = testClock();
  const service = await bootService(config, {
    now: clock.now,
    logger: pino({ level: 'silent' }),
    seed: options.seed,
  });
  const app = createApp(service.ctx);
  return {
    ctx: service.ctx,
    app,
    http: request(app),
    clock,
    config,
    async close() {
      await service.close();
      if (postgres) await dropTestSchema(schema);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Tokens {
  accessToken: string;
  refreshToken: string;
  defaultPassword: boolean;
}

/** Logs in through the real endpoint and returns the tokens. */
export async function login(service: TestService, account: string, password: string): Promise<Tokens> {
  const res = await service.http.post('/service/shop/shop-user/login').send({ account, password });
  if (res.status !== 200 || !res.body.success) {
    throw new Error(`login failed for ${account}: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body.data as Tokens;
}

export const bearer = (tokens: Pick<Tokens, 'accessToken'>) => ({
  Authorization: `Bearer ${tokens.accessToken}`,
});

/** Registers a fresh shopper with a unique name and phone and logs them in. */
let shopperCounter = 0;
export async function newShopper(
  service: TestService,
): Promise<Tokens & { username: string; phone: string }> {
  shopperCounter += 1;
  const suffix = `${process.pid % 1000}${shopperCounter}`.padStart(8, '0').slice(-8);
  const username = `shopper${suffix}`;
  const phone = `139${suffix}`;
  const password = 'secret123';
  const res = await service.http.post('/service/shop/shop-user/register').send({ username, password, phone });
  if (!res.body.success) throw new Error(`register failed: ${JSON.stringify(res.body)}`);
  return { ...(await login(service, username, password)), username, phone };
}
