import type { RestProductChangeKind, RestProductFieldChange } from '@shop/common/rest/index.ts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Who made a change: the signed-in back-office user. */
export interface ProductActor {
  id: number;
  account: string;
}

export interface ProductChangeRecord {
  productId: number;
  actor: ProductActor;
  kind: RestProductChangeKind;
  /** The fields changed, before → after, values as stored (money in fen, flags as booleans). */
  changes: RestProductFieldChange[];
  /** The version the change produced; read from the product when left out. */
  version?: number;
  /** When; now when left out. */
  at?: string;
}

/**
 * Moves a product from `version` to `version + 1` (compare-and-set): false when it is no longer at
 * `version`, i.e. someone else changed it since it was read. `set` holds the columns the change
 * writes in the same statement. Call inside the change's transaction, then recordProductChange.
 */
export async function bumpVersion(
  trx: Db,
  productId: number,
  version: number,
  set: Record<string, unknown> = {},
  now: Date = new Date(),
): Promise<boolean> {
  const result = await trx
    .updateTable('products')
    .set((eb) => ({ ...set, version: eb('version', '+', 1), updated_at: now.toISOString() }))
    .where('id', '=', productId)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Moves a product to its next version whatever version it is at (a change that does not depend
 * on what the editor saw, e.g. a stock adjustment by a delta) and answers the new version; null
 * when there is no such product.
 */
export async function nextVersion(
  trx: Db,
  productId: number,
  now: Date = new Date(),
): Promise<number | null> {
  const row = await trx
    .updateTable('products')
    .set((eb) => ({ version: eb('version', '+', 1), updated_at: now.toISOString() }))
    .where('id', '=', productId)
    .returning('version')
    .executeTakeFirst();
  return row?.version ?? null;
}

/** Records one change of a product in its history; call in the transaction that made it. */
export async function recordProductChange(trx: Db, record: ProductChangeRecord): Promise<void> {
  const version =
    record.version ??
    (
      await trx
        .selectFrom('products')
        .select('version')
        .where('id', '=', record.productId)
        .executeTakeFirstOrThrow()
    ).version;
  await trx
    .insertInto('product_history')
    .values({
      product_id: record.productId,
      version,
      actor_id: record.actor.id,
      actor_account: record.actor.account,
      kind: record.kind,
      changes: JSON.stringify(record.changes),
      at: record.at ?? new Date().toISOString(),
    })
    .execute();
}

/** The fields whose value differs between two views of a product, before → after. */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): RestProductFieldChange[] {
  return Object.entries(after)
    .filter(([field, value]) => value !== undefined && value !== before[field])
    .map(([field, value]) => ({ field, before: before[field] ?? null, after: value ?? null }));
}
