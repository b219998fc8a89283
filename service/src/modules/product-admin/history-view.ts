import type { RestProductChange, RestProductChangeKind } from '@shop/common/rest/index.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';

/** A product's history, newest first. */
export async function productHistory(db: Kysely<Database>, productId: number): Promise<RestProductChange[]> {
  const rows = await db
    .selectFrom('product_history')
    .selectAll()
    .where('product_id', '=', productId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    productId: row.product_id,
    version: row.version,
    kind: row.kind as RestProductChangeKind,
    actor: { id: row.actor_id, account: row.actor_account },
    at: row.at,
    changes: JSON.parse(row.changes),
  }));
}
