import type { Kysely } from 'kysely';
import { createTable, notNull } from '../columns.ts';
import type { DialectName } from '../database.ts';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('areas')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('parent_code', 'text', (c) => c.references('areas.code'))
    .addColumn('name', 'text', notNull)
    .addColumn('name_en', 'text', notNull)
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await createTable(db, dialect, 'dict_items')
    .addColumn('dict_key', 'text', notNull)
    .addColumn('value', 'text', notNull)
    .addColumn('label', 'text', notNull)
    .addColumn('label_en', 'text', notNull)
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('dict_items_key_value', ['dict_key', 'value'])
    .execute();

  await db.schema
    .createTable('system_config')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', notNull)
    .execute();

  await createTable(db, dialect, 'notices')
    .addColumn('title', 'text', notNull)
    .addColumn('title_en', 'text', notNull)
    .addColumn('content', 'text', notNull)
    .addColumn('content_en', 'text', notNull)
    .addColumn('published_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('notices_published_at').on('notices').column('published_at').execute();

  await createTable(db, dialect, 'card_kinds')
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', notNull)
    .addColumn('name_en', 'text', notNull)
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await createTable(db, dialect, 'cards')
    .addColumn('kind_code', 'text', (c) => c.notNull().references('card_kinds.code'))
    .addColumn('title', 'text', notNull)
    .addColumn('title_en', 'text', notNull)
    .addColumn('subtitle', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('subtitle_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('link', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await createTable(db, dialect, 'files')
    .addColumn('fullfilename', 'text', (c) => c.notNull().unique())
    .addColumn('original_name', 'text', notNull)
    .addColumn('mime', 'text', notNull)
    .addColumn('size', 'integer', notNull)
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('files_user').on('files').column('user_id').execute();
}
