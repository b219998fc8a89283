import type { Kysely } from 'kysely';
import { flag } from '../columns.ts';

/**
 * A category may be hidden (`hidden` 1): it keeps its place, names and products but leaves the
 * storefront's category list and menus, its sub-categories with it, until it is shown again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('categories').addColumn('hidden', 'integer', flag(0)).execute();
}
