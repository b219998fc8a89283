import { type Kysely, sql } from 'kysely';
import { createTable, flag, notNull } from '../columns.ts';
import type { DialectName } from '../database.ts';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await createTable(db, dialect, 'cart_lines')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('quantity', 'integer', notNull)
    .addColumn('selected', 'integer', flag(1))
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .addUniqueConstraint('cart_lines_user_product', ['user_id', 'product_id'])
    .addCheckConstraint('cart_lines_quantity_positive', sql`quantity > 0`)
    .execute();

  await createTable(db, dialect, 'addresses')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('recipient', 'text', notNull)
    .addColumn('phone', 'text', notNull)
    .addColumn('city', 'text', notNull)
    .addColumn('detail', 'text', notNull)
    .addColumn('is_default', 'integer', flag(0))
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('addresses_user').on('addresses').column('user_id').execute();
  // At most one default address per user, enforced by the database itself.
  await db.schema
    .createIndex('addresses_one_default')
    .on('addresses')
    .column('user_id')
    .unique()
    .where(sql.ref('is_default'), '=', 1)
    .execute();
}
