import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import type { DialectName } from './database.ts';

/** Adds an auto-incrementing integer primary key named `id` in either dialect. */
export function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: DialectName) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
export const flag = (defaultValue: 0 | 1) => (c: ColumnDefinitionBuilder) =>
  c.notNull().defaultTo(defaultValue);

export function createTable(db: Kysely<unknown>, dialect: DialectName, name: string) {
  return withId(db.schema.createTable(name), dialect);
}
