import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { flag } from '../columns.ts';
import type { DialectName } from '../database.ts';

const firstVersion = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(1);
const noPicture = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');

/**
 * What the back office edits of the catalogue's structure. Categories and home cards each carry
 * a `version` (compare-and-set: an edit names the version it was made on and a stale one is
 * refused) and a `picture`, the address of an uploaded image shown instead of the drawing in
 * `icon` / `image` while set (the drawing stays, so taking the picture away restores it). A card
 * may be switched off (`enabled` 0) without losing its content.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('categories').addColumn('version', 'integer', firstVersion).execute();
  await db.schema.alterTable('categories').addColumn('picture', 'text', noPicture).execute();
  await db.schema.alterTable('cards').addColumn('version', 'integer', firstVersion).execute();
  await db.schema.alterTable('cards').addColumn('picture', 'text', noPicture).execute();
  await db.schema.alterTable('cards').addColumn('enabled', 'integer', flag(1)).execute();
  await db.schema
    .createIndex('categories_parent_sort')
    .on('categories')
    .columns(['parent_id', 'sort'])
    .execute();
}
