import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * How many prepared statements are kept. The shop's queries are a few hundred texts (a list of
 * ids makes one text per length); past this the least recently used is dropped.
 */
const KEPT_STATEMENTS = 500;

/**
 * The same database, each statement text prepared once and reused: kysely prepares every query it
 * runs, and SQLite's parse and plan of the same text again on every call of a hot route (the
 * session check of each authenticated request) is work done once here. better-sqlite3 runs `all`
 * and `run` to completion synchronously, so a kept statement never serves two queries at once;
 * `iterate` leaves its statement busy while the caller reads, so it gets one of its own.
 */
export function reuseStatements(database: SqliteDatabase): SqliteDatabase {
  const kept = new Map<string, SqliteStatement>();
  return {
    close: () => {
      kept.clear();
      return database.close();
    },
    prepare(sql: string): SqliteStatement {
      const found = kept.get(sql);
      // Most recently used last, so the first is the one to drop.
      if (found) kept.delete(sql);
      const statement = found ?? database.prepare(sql);
      kept.set(sql, statement);
      if (kept.size > KEPT_STATEMENTS) kept.delete(kept.keys().next().value as string);
      return {
        reader: statement.reader,
        all: (parameters) => statement.all(parameters),
        run: (parameters) => statement.run(parameters),
        iterate: (parameters) => database.prepare(sql).iterate(parameters),
      };
    },
  };
}
