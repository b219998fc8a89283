import { type Kysely, sql } from 'kysely';
import { searchColumns } from '../../modules/catalogue/search-text.ts';
import type { DialectName } from '../database.ts';

interface ProductTextRow {
  id: number;
  name: string;
  name_en: string;
  description: string;
  description_en: string;
}

/**
 * The search index's rank: ascending rank is descending sales, then ascending id, so the index
 * hands out a broad search's best-sellers first and the search stops after a page. The id sits in
 * the low 32 bits (`rank & 4294967295`); sales above 2^30 rank as 2^30.
 */
const rank = (row: 'new' | 'old' | 'NEW' | 'OLD') =>
  sql.raw(
    row === 'NEW' || row === 'OLD'
      ? `(${row}.id - LEAST(${row}.sales, 1073741823)::bigint * 4294967296)`
      : `(${row}.id - min(${row}.sales, 1073741823) * 4294967296)`,
  );

async function sqliteIndex(db: Kysely<unknown>): Promise<void> {
  for (const trigger of ['products_fts_insert', 'products_fts_delete', 'products_fts_update']) {
    await sql`DROP TRIGGER ${sql.id(trigger)}`.execute(db);
  }
  await sql`DROP TABLE products_fts`.execute(db);
  await sql`ALTER TABLE products DROP COLUMN search_grams`.execute(db);
  await sql`CREATE TABLE search_index (rank INTEGER PRIMARY KEY, product_id INTEGER NOT NULL,
    category_id INTEGER NOT NULL, price INTEGER NOT NULL, listed_at TEXT NOT NULL)`.execute(db);
  // Only which products hold a token is kept (detail=none): no positions or columns are
  // read, and the ascii tokenizer leaves the tokens exactly as written (no Unicode folding).
  await sql`CREATE VIRTUAL TABLE search_fts USING fts5(tokens, content='', contentless_delete=1,
    detail=none, tokenize="ascii tokenchars ':'")`.execute(db);
  // Every token ever indexed (never removed: a stale one only finds nothing), so a fragment's
  // prefix look-up can be turned into exact tokens. Tokens hold no quote or backslash, so the
  // space-separated list is a JSON array once quoted.
  await sql`CREATE TABLE search_vocab (token TEXT PRIMARY KEY) WITHOUT ROWID`.execute(db);
  const vocabulary = sql`INSERT OR IGNORE INTO search_vocab (token)
    SELECT value FROM json_each('["' || replace(new.search_tokens, ' ', '","') || '"]') WHERE new.search_tokens <> '';`;
  await sql`CREATE TRIGGER search_vocab_insert AFTER INSERT ON products BEGIN ${vocabulary} END`.execute(db);
  await sql`CREATE TRIGGER search_vocab_update AFTER UPDATE OF search_tokens ON products
    WHEN old.search_tokens IS NOT new.search_tokens BEGIN ${vocabulary} END`.execute(db);
  const add = (row: 'new') => sql`
    INSERT INTO search_index (rank, product_id, category_id, price, listed_at)
      SELECT ${rank(row)}, new.id, new.category_id, new.price, new.listed_at WHERE new.on_shelf = 1;
    INSERT INTO search_fts (rowid, tokens) SELECT ${rank(row)}, new.search_tokens WHERE new.on_shelf = 1;`;
  const remove = sql`
    DELETE FROM search_index WHERE old.on_shelf = 1 AND rank = ${rank('old')};
    DELETE FROM search_fts WHERE old.on_shelf = 1 AND rowid = ${rank('old')};`;
  await sql`CREATE TRIGGER search_index_insert AFTER INSERT ON products BEGIN ${add('new')} END`.execute(db);
  await sql`CREATE TRIGGER search_index_delete AFTER DELETE ON products BEGIN ${remove} END`.execute(db);
  await sql`CREATE TRIGGER search_index_update AFTER UPDATE OF on_shelf, sales, search_tokens ON products
    WHEN old.on_shelf IS NOT new.on_shelf OR old.sales IS NOT new.sales OR old.search_tokens IS NOT new.search_tokens
    BEGIN ${remove} ${add('new')} END`.execute(db);
  // A price, category or listing change keeps the rank: the index's tokens stay as they are.
  await sql`CREATE TRIGGER search_index_facts AFTER UPDATE OF category_id, price, listed_at ON products
    WHEN new.on_shelf = 1 BEGIN
    UPDATE search_index SET category_id = new.category_id, price = new.price, listed_at = new.listed_at
      WHERE rank = ${rank('new')}; END`.execute(db);
}

async function postgresIndex(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE products DROP COLUMN search_vector`.execute(db);
  await sql`ALTER TABLE products DROP COLUMN search_grams`.execute(db);
  // Narrow rows, so what the index found is counted and ordered over few heap pages: the tokens
  // (about 1 KB) are stored out of line and never read back (the GIN index answers exactly).
  // PostgreSQL toasts only rows over about 2 KB, whatever toast_tuple_target says, so each row
  // carries 2 KB of spaces that compress to a few bytes and push it over that threshold.
  await sql`CREATE TABLE search_index (product_id integer PRIMARY KEY, rank bigint NOT NULL,
    category_id integer NOT NULL, price integer NOT NULL, listed_at text NOT NULL, tokens tsvector NOT NULL,
    toast_spill text NOT NULL DEFAULT repeat(' ', 2100)) WITH (toast_tuple_target = 128)`.execute(db);
  await sql`ALTER TABLE search_index ALTER COLUMN tokens SET STORAGE EXTERNAL`.execute(db);
  await sql`ALTER TABLE search_index ALTER COLUMN toast_spill SET STORAGE MAIN`.execute(db);
  // No weights and no positions: a match in the index needs no recheck against the row.
  await sql`CREATE INDEX search_index_tokens ON search_index USING GIN (tokens)`.execute(db);
  // Every token ever indexed, in byte order so a prefix is a range (see the SQLite version).
  await sql`CREATE TABLE search_vocab (token text COLLATE "C" PRIMARY KEY)`.execute(db);
  await sql`CREATE FUNCTION search_index_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND OLD.search_tokens IS DISTINCT FROM NEW.search_tokens) THEN
        -- In one order, so two writers of overlapping tokens wait for each other, never deadlock.
        INSERT INTO search_vocab (token) SELECT DISTINCT token FROM unnest(string_to_array(NEW.search_tokens, ' ')) token
          ORDER BY token ON CONFLICT DO NOTHING;
      END IF;
      IF TG_OP = 'UPDATE' AND OLD.on_shelf = 1 AND NEW.on_shelf = 1 AND OLD.search_tokens = NEW.search_tokens THEN
        UPDATE search_index SET rank = ${rank('NEW')}, category_id = NEW.category_id, price = NEW.price,
          listed_at = NEW.listed_at WHERE product_id = NEW.id;
        RETURN NULL;
      END IF;
      IF TG_OP <> 'INSERT' THEN
        DELETE FROM search_index WHERE product_id = OLD.id;
      END IF;
      IF TG_OP <> 'DELETE' AND NEW.on_shelf = 1 THEN
        INSERT INTO search_index (product_id, rank, category_id, price, listed_at, tokens)
          VALUES (NEW.id, ${rank('NEW')}, NEW.category_id, NEW.price, NEW.listed_at,
            array_to_tsvector(string_to_array(NEW.search_tokens, ' ')));
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER search_index_sync
    AFTER INSERT OR DELETE OR UPDATE OF on_shelf, sales, search_tokens, category_id, price, listed_at
    ON products FOR EACH ROW EXECUTE FUNCTION search_index_sync()`.execute(db);
}

/**
 * Search that stops after a page: per-field word and suffix tokens (exact look-ups, so nothing
 * found is confirmed against the text, and the relevance level is itself a look-up) in an index
 * of on-shelf products ordered by sales, kept by triggers whatever writes the products (orders
 * change sales). Existing products are re-indexed here.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('search_tokens', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  if (dialect === 'sqlite') await sqliteIndex(db);
  else await postgresIndex(db);
  const rows = (
    await sql<ProductTextRow>`SELECT id, name, name_en, description, description_en FROM products`.execute(db)
  ).rows;
  for (const row of rows) {
    await sql`UPDATE products SET search_tokens = ${searchColumns(row).search_tokens} WHERE id = ${row.id}`.execute(
      db,
    );
  }
  // The planner's picture of the tables just filled, so the first searches use the index.
  if (dialect === 'postgres') await sql`ANALYZE search_index, search_vocab`.execute(db);
}
