import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { instrumentSqlite } from '../telemetry/sqlite.ts';
import { dropConnectionsAfterTimeouts } from './pg-deadlines.ts';
import { prepareOncePerConnection } from './pg-statements.ts';
import { reuseStatements } from './statements.ts';
import type { Database } from './types.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface ShopDatabase {
  db: Kysely<Database>;
  dialect: DialectName;
  /**
   * Runs `work` on a database handle without the statement deadline, for what may rightly take
   * long: migrations (an index built on a large table, the wait for another instance's
   * migrations). PostgreSQL: one connection of its own, closed afterwards; SQLite: `db`.
   */
  withoutDeadline<T>(work: (db: Kysely<Database>) => Promise<T>): Promise<T>;
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
  /**
   * PostgreSQL: the longest a statement runs or waits for a lock (the server cancels it); the
   * client gives up a little later on a server that answers nothing at all. Unset: no deadline.
   */
  statementTimeoutMs?: number;
  /** SQLite: the longest a statement waits for another connection's write lock. */
  sqliteBusyTimeoutMs?: number;
}

/** How much longer than the statement timeout the client waits for a server that answers nothing. */
const SILENT_SERVER_GRACE_MS = 1000;

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
    const statementTimeoutMs = options.statementTimeoutMs;
    const schema = options.schema;
    if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
    if (schema) {
      const admin = new pg.Client({ connectionString: options.databaseUrl });
      await admin.connect();
      await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      await admin.end();
    }
    const connection = {
      connectionString: options.databaseUrl,
      options: schema ? `-c search_path=${schema}` : undefined,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 3000,
      keepAlive: true,
    };
    const pool = new pg.Pool({
      ...connection,
      max: options.poolSize ?? 10,
      ...(statementTimeoutMs === undefined
        ? {}
        : {
            statement_timeout: statementTimeoutMs,
            query_timeout: statementTimeoutMs + SILENT_SERVER_GRACE_MS,
          }),
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
    // after prepareOncePerConnection: its listener wraps the client's query first
    dropConnectionsAfterTimeouts(pool);
    // The pool re-emits an idle client's error, already reported by the listener above.
    pool.on('error', () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const withoutDeadline = async <T>(work: (db: Kysely<Database>) => Promise<T>): Promise<T> => {
      const single = new pg.Pool({ ...connection, max: 1 });
      single.on('error', () => {});
      const unbounded = new Kysely<Database>({ dialect: new PostgresDialect({ pool: single }) });
      try {
        return await work(unbounded);
      } finally {
        await unbounded.destroy();
      }
    };
    return { db, dialect: 'postgres', withoutDeadline, close: () => db.destroy() };
  }
  if (options.sqlitePath !== ':memory:') fs.mkdirSync(path.dirname(options.sqlitePath), { recursive: true });
  const sqlite = new SQLite(options.sqlitePath);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${Math.trunc(options.sqliteBusyTimeoutMs ?? 5000)}`);
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: instrumentSqlite(reuseStatements(sqlite)) }),
  });
  return { db, dialect: 'sqlite', withoutDeadline: (work) => work(db), close: () => db.destroy() };
}
