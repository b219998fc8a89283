import SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { reuseStatements } from '../../service/src/db/statements.ts';

describe('prepared statements kept for reuse (SQLite)', () => {
  let raw: SQLite.Database | undefined;
  afterEach(() => raw?.close());

  /** An in-memory database with three rows, and how many times each text was prepared. */
  function open() {
    raw = new SQLite(':memory:');
    raw.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT); INSERT INTO t (v) VALUES ('a'), ('b'), ('c')");
    const prepared = new Map<string, number>();
    const counting: SqliteDatabase = {
      close: () => raw!.close(),
      prepare: (sql) => {
        prepared.set(sql, (prepared.get(sql) ?? 0) + 1);
        return raw!.prepare(sql);
      },
    };
    return { db: reuseStatements(counting), prepared };
  }

  it('prepares a text once and answers every later call with its own parameters', () => {
    const { db, prepared } = open();
    const select = 'SELECT v FROM t WHERE id = ?';
    expect(db.prepare(select).all([1])).toEqual([{ v: 'a' }]);
    expect(db.prepare(select).all([3])).toEqual([{ v: 'c' }]);
    expect(db.prepare('UPDATE t SET v = ? WHERE id = ?').run(['z', 3]).changes).toBe(1);
    expect(db.prepare(select).all([3])).toEqual([{ v: 'z' }]);
    expect(prepared.get(select)).toBe(1);
  });

  it('lets a query run while another of the same text is still being read', () => {
    const { db } = open();
    const all = 'SELECT id FROM t ORDER BY id';
    const reading = db.prepare(all).iterate([]);
    expect(reading.next().value).toEqual({ id: 1 });
    // better-sqlite3 refuses a statement that is still iterating: the reader has its own.
    expect(db.prepare(all).all([])).toHaveLength(3);
    expect([...db.prepare(all).iterate([])]).toHaveLength(3);
    expect([...reading]).toEqual([{ id: 2 }, { id: 3 }]);
  });
});
