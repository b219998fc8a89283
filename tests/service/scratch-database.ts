import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type ShopDatabase } from '../../service/src/db/database.ts';
import { dropTestSchema, usingPostgres } from './harness.ts';

/**
 * A scratch database (SQLite file or PostgreSQL schema) for a migration's own test, closed and
 * removed afterwards.
 */
export async function withDatabase(use: (database: ShopDatabase) => Promise<void>): Promise<void> {
  const postgres = usingPostgres();
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-migration-'));
  const database = await openDatabase({
    databaseUrl: postgres ? process.env.TEST_DATABASE_URL : undefined,
    schema: postgres ? schema : undefined,
    sqlitePath: path.join(dir, 'shop.db'),
  });
  try {
    await use(database);
  } finally {
    await database.close();
    if (postgres) await dropTestSchema(schema);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
