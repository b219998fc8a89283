import type { RestAdminCategory } from '@shop/common/rest/index.ts';
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notFound, refuse } from '../../http/envelope.ts';
import type { Locale } from '../../i18n/index.ts';
import { categoryIconUrl } from '../catalogue/image-urls.ts';
import { catalogueAdminMessages as m } from './messages.ts';
import { uploadedPicture } from './pictures.ts';
import { shownPicture } from './shown-picture.ts';

/** Every category (two levels) in display order, with both names, versions and product counts. */
export async function adminCategoryTree(ctx: AppContext, locale: Locale): Promise<RestAdminCategory[]> {
  const [rows, counts] = await Promise.all([
    ctx.db.selectFrom('categories').selectAll().orderBy('sort').orderBy('id').execute(),
    ctx.db
      .selectFrom('products')
      .select(['category_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('category_id')
      .execute(),
  ]);
  const countOf = new Map(counts.map((row) => [row.category_id, Number(row.n)]));
  const nodes = new Map<number, RestAdminCategory>();
  for (const row of rows) {
    nodes.set(row.id, {
      id: row.id,
      parentId: row.parent_id,
      cardName: row.card_name,
      nameZh: row.name,
      nameEn: row.name_en,
      sort: row.sort,
      version: row.version,
      icon: shownPicture(row, row.icon, locale),
      picture: row.picture || null,
      productCount: countOf.get(row.id) ?? 0,
      hidden: row.hidden === 1,
      children: [],
    });
  }
  const roots: RestAdminCategory[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** One category as the back office sees it; 404 when there is none. */
export async function adminCategory(ctx: AppContext, id: number, locale: Locale): Promise<RestAdminCategory> {
  const row = await ctx.db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(m['category.notFound']);
  const count = await ctx.db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('category_id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    parentId: row.parent_id,
    cardName: row.card_name,
    nameZh: row.name,
    nameEn: row.name_en,
    sort: row.sort,
    version: row.version,
    icon: shownPicture(row, row.icon, locale),
    picture: row.picture || null,
    productCount: Number(count.n),
    hidden: row.hidden === 1,
    children: [],
  };
}

export interface NewCategory {
  cardName: string;
  nameZh: string;
  nameEn: string;
  parentId: number | null;
}

/**
 * Adds a category at the end of its siblings, drawn until a picture is chosen. The tree has two
 * levels, so a parent must be a top-level category. The slug is unique: a taken one (checked
 * first, and by the unique index when two create it at once) is refused by name.
 */
export async function createCategory(ctx: AppContext, input: NewCategory): Promise<number> {
  const taken = () =>
    refuse(
      m['category.slugTaken'],
      { cardName: input.cardName },
      { fields: { cardName: m['category.slugTaken'] } },
    );
  return inTransaction(ctx.db, async (trx) => {
    if (input.parentId !== null) {
      const parent = await trx
        .selectFrom('categories')
        .select(['id', 'parent_id'])
        .where('id', '=', input.parentId)
        .executeTakeFirst();
      if (!parent) throw notFound(m['category.notFound']);
      if (parent.parent_id !== null)
        throw refuse(m['category.parentNotTop'], {}, { fields: { parentId: m['category.parentNotTop'] } });
    }
    const existing = await trx
      .selectFrom('categories')
      .select('id')
      .where('card_name', '=', input.cardName)
      .executeTakeFirst();
    if (existing) throw taken();
    const last = await trx
      .selectFrom('categories')
      .select((eb) => eb.fn.max<number | null>('sort').as('sort'))
      .where((eb) =>
        input.parentId === null ? eb('parent_id', 'is', null) : eb('parent_id', '=', input.parentId),
      )
      .executeTakeFirst();
    const row = await trx
      .insertInto('categories')
      .values({
        parent_id: input.parentId,
        name: input.nameZh,
        name_en: input.nameEn,
        card_name: input.cardName,
        icon: categoryIconUrl(input.cardName),
        sort: Number(last?.sort ?? 0) + 1,
      })
      .onConflict((oc) => oc.column('card_name').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) throw taken();
    return row.id;
  });
}

/** Refuses a stale edit: the row exists but has moved on since `version` (404 when it is gone). */
async function staleOr404(ctx: AppContext, id: number): Promise<never> {
  const row = await ctx.db.selectFrom('categories').select('id').where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(m['category.notFound']);
  throw refuse(m['category.versionConflict']);
}

/**
 * Renames a category in both languages and, when `picture` is given, shows that upload instead
 * of the drawing (null: the drawing again), if the category is still at `version`.
 */
export async function updateCategory(
  ctx: AppContext,
  id: number,
  input: { version: number; nameZh: string; nameEn: string; picture?: string | null },
): Promise<void> {
  const picture = input.picture === undefined ? undefined : await uploadedPicture(ctx, input.picture);
  const result = await ctx.db
    .updateTable('categories')
    .set({
      name: input.nameZh,
      name_en: input.nameEn,
      ...(picture === undefined ? {} : { picture }),
      version: sql`version + 1`,
    })
    .where('id', '=', id)
    .where('version', '=', input.version)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) await staleOr404(ctx, id);
}

/**
 * Orders the children of one parent (null: the top level) as `ids` lists them, in one
 * transaction. The list must be exactly the siblings there are now: one added or moved away
 * since the admin's view means the order was chosen for another list, and it is refused. The
 * versions stay: a place in the list is not part of what a rename or a picture was made on.
 */
export async function reorderCategories(
  ctx: AppContext,
  input: { parentId: number | null; categoryIds: number[] },
): Promise<void> {
  await inTransaction(ctx.db, async (trx) => {
    const siblings = await trx
      .selectFrom('categories')
      .select('id')
      .where((eb) =>
        input.parentId === null ? eb('parent_id', 'is', null) : eb('parent_id', '=', input.parentId),
      )
      .execute();
    const current = new Set(siblings.map((row) => row.id));
    const same =
      current.size === input.categoryIds.length &&
      new Set(input.categoryIds).size === input.categoryIds.length &&
      input.categoryIds.every((id) => current.has(id));
    if (!same) throw refuse(m['category.orderStale']);
    for (const [index, id] of input.categoryIds.entries()) {
      await trx
        .updateTable('categories')
        .set({ sort: index + 1 })
        .where('id', '=', id)
        .execute();
    }
  });
}
