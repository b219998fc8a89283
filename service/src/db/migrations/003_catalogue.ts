import { type Kysely, sql } from 'kysely';
import { createTable, flag, notNull } from '../columns.ts';
import type { DialectName } from '../database.ts';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await createTable(db, dialect, 'categories')
    .addColumn('parent_id', 'integer', (c) => c.references('categories.id'))
    .addColumn('name', 'text', notNull)
    .addColumn('name_en', 'text', notNull)
    .addColumn('card_name', 'text', (c) => c.notNull().unique())
    .addColumn('icon', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await createTable(db, dialect, 'products')
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
    .addColumn('name', 'text', notNull)
    .addColumn('name_en', 'text', notNull)
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price', 'integer', notNull)
    .addColumn('original_price', 'integer')
    .addColumn('stock', 'integer', notNull)
    .addColumn('sales', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('on_shelf', 'integer', flag(1))
    .addColumn('listed_at', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .addCheckConstraint('products_stock_non_negative', sql`stock >= 0`)
    .addCheckConstraint('products_price_non_negative', sql`price >= 0`)
    .execute();
  await db.schema.createIndex('products_category').on('products').column('category_id').execute();
  await db.schema.createIndex('products_sales').on('products').column('sales').execute();
  await db.schema.createIndex('products_listed_at').on('products').column('listed_at').execute();

  // Full-text index over products.search_text (kept in sync by triggers/generated column).
  if (dialect === 'sqlite') {
    await sql`CREATE VIRTUAL TABLE products_fts USING fts5(search_text, content='products', content_rowid='id', tokenize='unicode61')`.execute(
      db,
    );
    await sql`CREATE TRIGGER products_fts_insert AFTER INSERT ON products BEGIN
      INSERT INTO products_fts(rowid, search_text) VALUES (new.id, new.search_text); END`.execute(db);
    await sql`CREATE TRIGGER products_fts_delete AFTER DELETE ON products BEGIN
      INSERT INTO products_fts(products_fts, rowid, search_text) VALUES ('delete', old.id, old.search_text); END`.execute(
      db,
    );
    await sql`CREATE TRIGGER products_fts_update AFTER UPDATE OF search_text ON products BEGIN
      INSERT INTO products_fts(products_fts, rowid, search_text) VALUES ('delete', old.id, old.search_text);
      INSERT INTO products_fts(rowid, search_text) VALUES (new.id, new.search_text); END`.execute(db);
  } else {
    await sql`ALTER TABLE products ADD COLUMN search_vector tsvector
      GENERATED ALWAYS AS (to_tsvector('simple', search_text)) STORED`.execute(db);
    await sql`CREATE INDEX products_search_vector ON products USING GIN (search_vector)`.execute(db);
  }
}
