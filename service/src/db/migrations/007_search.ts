import { type Kysely, sql } from 'kysely';
import { searchColumns, vocabularyWords } from '../../modules/catalogue/search-text.ts';
import { createTable } from '../columns.ts';
import type { DialectName } from '../database.ts';

interface ProductTextRow {
  id: number;
  name: string;
  name_en: string;
  description: string;
  description_en: string;
}

/**
 * Search inside words and with typos: trigram tokens of Latin words beside the word tokens,
 * each name and description normalised for ranking and highlighting, and the vocabulary of
 * indexed words. Existing products are re-indexed here.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  let products = db.schema.alterTable('products');
  for (const column of [
    'search_grams',
    'norm_name',
    'norm_name_en',
    'norm_description',
    'norm_description_en',
  ]) {
    await products.addColumn(column, 'text', (c) => c.notNull().defaultTo('')).execute();
    products = db.schema.alterTable('products');
  }
  await createTable(db, dialect, 'search_words')
    .addColumn('word', 'text', (c) => c.notNull().unique())
    .execute();

  const rows = (
    await sql<ProductTextRow>`SELECT id, name, name_en, description, description_en FROM products`.execute(db)
  ).rows;
  const vocabulary = new Set<string>();
  for (const row of rows) {
    const columns = searchColumns(row);
    for (const word of vocabularyWords(columns)) vocabulary.add(word);
    // No trigrams: migration 008 replaces them with its own tokens and re-indexes every product.
    await sql`UPDATE products SET search_text = ${columns.search_text},
      norm_name = ${columns.norm_name}, norm_name_en = ${columns.norm_name_en},
      norm_description = ${columns.norm_description}, norm_description_en = ${columns.norm_description_en}
      WHERE id = ${row.id}`.execute(db);
  }
  for (const word of vocabulary) await sql`INSERT INTO search_words (word) VALUES (${word})`.execute(db);

  if (dialect === 'sqlite') {
    for (const trigger of ['products_fts_insert', 'products_fts_delete', 'products_fts_update']) {
      await sql`DROP TRIGGER ${sql.id(trigger)}`.execute(db);
    }
    await sql`DROP TABLE products_fts`.execute(db);
    await sql`CREATE VIRTUAL TABLE products_fts USING fts5(search_text, search_grams, content='products',
      content_rowid='id', tokenize='unicode61')`.execute(db);
    await sql`CREATE TRIGGER products_fts_insert AFTER INSERT ON products BEGIN
      INSERT INTO products_fts(rowid, search_text, search_grams) VALUES (new.id, new.search_text, new.search_grams);
      END`.execute(db);
    await sql`CREATE TRIGGER products_fts_delete AFTER DELETE ON products BEGIN
      INSERT INTO products_fts(products_fts, rowid, search_text, search_grams)
        VALUES ('delete', old.id, old.search_text, old.search_grams); END`.execute(db);
    await sql`CREATE TRIGGER products_fts_update AFTER UPDATE OF search_text, search_grams ON products BEGIN
      INSERT INTO products_fts(products_fts, rowid, search_text, search_grams)
        VALUES ('delete', old.id, old.search_text, old.search_grams);
      INSERT INTO products_fts(rowid, search_text, search_grams) VALUES (new.id, new.search_text, new.search_grams);
      END`.execute(db);
    await sql`INSERT INTO products_fts(products_fts) VALUES ('rebuild')`.execute(db);
  } else {
    await sql`ALTER TABLE products DROP COLUMN search_vector`.execute(db);
    await sql`ALTER TABLE products ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('simple', search_text), 'A') || setweight(to_tsvector('simple', search_grams), 'B')
    ) STORED`.execute(db);
    await sql`CREATE INDEX products_search_vector ON products USING GIN (search_vector)`.execute(db);
  }
}
