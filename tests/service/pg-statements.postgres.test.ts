/**
 * Statements prepared once per PostgreSQL connection (service-postgres project only): a text is
 * parsed once on a connection and answers every later call with that call's parameters; DDL is
 * left unnamed.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from './harness.ts';

describe('statements prepared once per connection (PostgreSQL)', () => {
  let setup: TestService;
  beforeAll(async () => {
    setup = await startTestService();
  });
  afterAll(() => setup.close());

  it('prepares a text once on a connection and binds each call its own parameters', async () => {
    await setup.ctx.db.connection().execute(async (db) => {
      await sql`CREATE TEMP TABLE prepared_probe (id integer PRIMARY KEY, v text)`.execute(db);
      await sql`INSERT INTO prepared_probe (id, v) VALUES (1, 'a'), (2, 'b'), (3, 'c')`.execute(db);
      const read = (id: number) =>
        db
          .selectFrom('prepared_probe' as never)
          .select('v' as never)
          .where('id' as never, '=', id as never)
          .execute();
      expect(await read(1)).toEqual([{ v: 'a' }]);
      expect(await read(3)).toEqual([{ v: 'c' }]);
      await db
        .updateTable('prepared_probe' as never)
        .set({ v: 'z' } as never)
        .where('id' as never, '=', 3 as never)
        .execute();
      expect(await read(3)).toEqual([{ v: 'z' }]);
      const text = db
        .selectFrom('prepared_probe' as never)
        .select('v' as never)
        .where('id' as never, '=', 0 as never)
        .compile().sql;
      const kept = await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(db);
      const statements = kept.rows.map((row) => row.statement);
      expect(statements.filter((statement) => statement === text)).toHaveLength(1);
      expect(statements.some((statement) => /^\s*create/i.test(statement))).toBe(false);
    });
  });

  it('keeps answering after a failed statement in a transaction and across connections', async () => {
    const { db } = setup.ctx;
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.selectFrom('products').select('id').where('id', '=', 1).execute();
        await sql`SELECT 1 / ${0}::int`.execute(trx);
      }),
    ).rejects.toThrow(/division by zero/);
    const counts = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        db
          .selectFrom('products')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('id', '>', i)
          .executeTakeFirstOrThrow(),
      ),
    );
    expect(counts.map((row) => Number(row.n))).toEqual(
      [...counts.map((row) => Number(row.n))].sort((a, b) => b - a),
    );
  });
});
