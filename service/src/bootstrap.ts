import { createLogger, type Logger } from '@shop/common/logging.ts';
import { createAccessTokens } from './auth/access-tokens.ts';
import { ensureSecret } from './auth/secrets.ts';
import type { ServiceConfig } from './config.ts';
import type { AppContext } from './context.ts';
import { openDatabase, type ShopDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seed } from './db/seed.ts';

export interface Service {
  ctx: AppContext;
  database: ShopDatabase;
  close(): Promise<void>;
}

/** Opens the database, migrates, seeds on first start and builds the shared context. */
export async function bootService(
  config: ServiceConfig,
  options: { now?: () => Date; logger?: Logger; seed?: boolean } = {},
): Promise<Service> {
  const log = options.logger ?? createLogger(config.logLevel, 'shop-service');
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    schema: config.databaseSchema,
    sqlitePath: config.sqlitePath,
    statementTimeoutMs: config.databaseTimeouts.statementMs,
    connectTimeoutMs: config.databaseTimeouts.poolMs,
    sqliteBusyTimeoutMs: config.databaseTimeouts.sqliteBusyMs,
    onConnectionError: (err) =>
      log.warn({ err }, 'database connection lost; it is discarded and replaced on demand'),
  });
  const now = options.now ?? (() => new Date());
  await database.withoutDeadline((db) => migrateToLatest(db as never, database.dialect));
  const secrets = {
    token: await ensureSecret(database.db, 'access-token', config.tokenSecret),
    lpay: await ensureSecret(database.db, 'lpay-webhook', config.lpaySecret),
  };
  const ctx: AppContext = {
    db: database.db,
    dialect: database.dialect,
    config,
    secrets,
    tokens: createAccessTokens(secrets.token, config.accessTokenTtlMs, now),
    log,
    now,
  };
  if (options.seed !== false) await seed(ctx);
  return { ctx, database, close: () => database.close() };
}
