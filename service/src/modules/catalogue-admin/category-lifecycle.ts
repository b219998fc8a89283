import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notFound, refuse } from '../../http/envelope.ts';
import { catalogueAdminMessages as m } from './messages.ts';

/**
 * Hides a category from the storefront (its list, menus and sub-categories go with it) or shows
 * it again, if it is still at `version`; the version moves on like any other edit's.
 */
export async function setCategoryHidden(
  ctx: AppContext,
  id: number,
  input: { version: number; hidden: boolean },
): Promise<void> {
  const result = await ctx.db
    .updateTable('categories')
    .set({ hidden: input.hidden ? 1 : 0, version: sql`version + 1` })
    .where('id', '=', id)
    .where('version', '=', input.version)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return;
  const row = await ctx.db.selectFrom('categories').select('id').where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(m['category.notFound']);
  throw refuse(m['category.versionConflict']);
}

/**
 * Deletes a category made by mistake, with its sub-categories, if it is still at `version` and
 * neither it nor a sub-category holds a product (withdrawn ones included: orders point at them).
 * One transaction; the delete itself repeats the product check, so a product filed meanwhile
 * refuses it instead of being orphaned.
 */
export async function deleteCategory(ctx: AppContext, id: number, version: number): Promise<void> {
  await inTransaction(ctx.db, async (trx) => {
    const row = await trx
      .selectFrom('categories')
      .select(['id', 'version'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound(m['category.notFound']);
    if (row.version !== version) throw refuse(m['category.versionConflict']);
    const children = await trx.selectFrom('categories').select('id').where('parent_id', '=', id).execute();
    const scope = [id, ...children.map((child) => child.id)];
    const held = await trx
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('category_id', 'in', scope)
      .executeTakeFirstOrThrow();
    const refused = () => refuse(m['category.notEmpty'], { count: Number(held.n) });
    if (Number(held.n) > 0) throw refused();
    const empty = (column: 'categories.id') =>
      sql<boolean>`not exists (select 1 from products where products.category_id = ${sql.ref(column)})`;
    await trx
      .deleteFrom('categories')
      .where('parent_id', '=', id)
      .where(() => empty('categories.id'))
      .execute();
    const deleted = await trx
      .deleteFrom('categories')
      .where('id', '=', id)
      .where('version', '=', version)
      .where(() => empty('categories.id'))
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('categories as child').select('child.id').where('child.parent_id', '=', id))),
      )
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1) throw refused();
  });
}
