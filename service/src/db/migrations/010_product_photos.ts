import { type Kysely, sql } from 'kysely';
import { createTable, notNull } from '../columns.ts';
import type { DialectName } from '../database.ts';

/**
 * Product photographs: uploaded files shown for a product in `sort` order; the first is the main
 * one, so a product has exactly one main photo whenever it has any. products.image and
 * products.images are kept in step with this table on every change (product-photos/sync.ts), and a
 * product without photos keeps its drawings there.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await createTable(db, dialect, 'product_photos')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('fullfilename', 'text', (c) => c.notNull().unique().references('files.fullfilename'))
    .addColumn('width', 'integer', notNull)
    .addColumn('height', 'integer', notNull)
    .addColumn('sort', 'integer', notNull)
    .addColumn('created_at', 'text', notNull)
    .addCheckConstraint('product_photos_size_positive', sql`width > 0 AND height > 0`)
    .execute();
  await db.schema
    .createIndex('product_photos_product')
    .on('product_photos')
    .columns(['product_id', 'sort'])
    .execute();
}
