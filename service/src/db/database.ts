import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { instrumentSqlite } from '../telemetry/sqlite.ts';
import { prepareOncePerConnection } from './pg-statements.ts';
import { reuseStatements } from './statements.ts';
import type { Database } from './types.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface ShopDatabase {
  db: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}

// COUNT(*) and SUM() come back as int8; our values fit in a JS number.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(1700, (value) => Number(value));

export interface DatabaseOptions {
  databaseUrl?: string;
  /** PostgreSQL only: the schema put first on the search path (created when missing). */
  schema?: string;
  sqlitePath: string;
  poolSize?: number;
  /** Told about connections the database dropped while nobody was using them (they are discarded). */
  onConnectionError?: (error: Error) => void;
  /** How long a request waits for a PostgreSQL connection before it answers 503. */
  connectTimeoutMs?: number;
}

/** Resolves when the database answers `SELECT 1` within `timeoutMs`, rejects otherwise (readiness). */
export function pingDatabase(db: Kysely<Database>, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`database did not answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    sql`SELECT 1`.execute(db).then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

export async function openDatabase(options: DatabaseOptions): Promise<ShopDatabase> {
  if (options.databaseUrl?.startsWith('postgres')) {
    const schema = options.schema;
    if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
    if (schema) {
      const admin = new pg.Client({ connectionString: options.databaseUrl });
      await admin.connect();
      await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      await admin.end();
    }
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      options: schema ? `-c search_path=${schema}` : undefined,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 3000,
      keepAlive: true,
    });
    // A restart, failover or idle-connection kill ends pooled connections with an 'error' event
    // (57P01 …). Without listeners it would be thrown as an uncaught exception and end the process;
    // the pool discards the broken client, and the request that was using it (if any) gets its
    // own error and answers 503.
    const report = options.onConnectionError ?? (() => {});
    pool.on('connect', (client) => {
      client.on('error', report);
      prepareOncePerConnection(client);
    });
    // The pool re-emits an idle client's error, already reported by the listener above.
    pool.on('error', () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  if (options.sqlitePath !== ':memory:') fs.mkdirSync(path.dirname(options.sqlitePath), { recursive: true });
  const sqlite = new SQLite(options.sqlitePath);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: instrumentSqlite(reuseStatements(sqlite)) }),
  });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}
