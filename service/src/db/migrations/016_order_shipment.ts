import type { Kysely } from 'kysely';

/**
 * An order remembers how it left: the courier (a code of the shop's courier list, dictionary
 * `courier`) and the waybill number, written with the move to shipped. Orders shipped before
 * have neither and are shown without them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('courier_code', 'text').execute();
  await db.schema.alterTable('orders').addColumn('waybill_no', 'text').execute();
}
