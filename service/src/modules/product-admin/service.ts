import type { RestAdminProduct, RestPage, RestProductShelf } from '@shop/common/rest/index.ts';
import type { ProductInput, ProductPatch } from '@shop/common/validation/products.ts';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { CategoryTable, Database, ProductTable } from '../../db/types.ts';
import { badRequest, notFound, refuse } from '../../http/envelope.ts';
import { paginate } from '../../http/paging.ts';
import type { PageQuery } from '../../http/validate.ts';
import { imageUrlIn } from '../../i18n/image-language.ts';
import type { Locale } from '../../i18n/index.ts';
import { catalogueMessages } from '../catalogue/messages.ts';
import { drawNewProducts, productRow } from '../catalogue/product-row.ts';
import { searchColumns, vocabularyWords } from '../catalogue/search-text.ts';
import { rememberWords } from '../catalogue/search-typos.ts';
import { bumpVersion, changedFields, type ProductActor, recordProductChange } from './history.ts';
import { productAdminMessages as m } from './messages.ts';

type Db = Kysely<Database>;
type Joined = Database & { p: ProductTable; c: CategoryTable };

export interface AdminProductFilter {
  keyword?: string;
  categoryId?: number;
  shelf?: RestProductShelf;
}

function withCategory(db: Db) {
  return db.selectFrom('products as p').innerJoin('categories as c', 'c.id', 'p.category_id');
}

function columns<O>(query: SelectQueryBuilder<Joined, 'p' | 'c', O>) {
  return query.select([
    'p.id',
    'p.version',
    'p.name',
    'p.name_en',
    'p.description',
    'p.description_en',
    'p.category_id',
    'p.price',
    'p.original_price',
    'p.stock',
    'p.is_hot',
    'p.is_new',
    'p.on_shelf',
    'p.withdrawn_at',
    'p.updated_at',
    'c.name as category_name',
    'c.name_en as category_name_en',
    'c.card_name',
    'c.icon',
    'c.parent_id',
  ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof columns>['executeTakeFirstOrThrow']>>;

function toView(row: Row, locale: Locale): RestAdminProduct {
  const withdrawn = row.withdrawn_at !== null;
  const onShelf = row.on_shelf === 1;
  return {
    id: row.id,
    version: row.version,
    nameZh: row.name,
    nameEn: row.name_en,
    descriptionZh: row.description,
    descriptionEn: row.description_en,
    categoryId: row.category_id,
    category: {
      id: row.category_id,
      name: locale === 'en-GB' ? row.category_name_en : row.category_name,
      cardName: row.card_name,
      icon: imageUrlIn(row.icon, locale),
      parentId: row.parent_id,
      children: [],
    },
    price: row.price,
    originalPrice: row.original_price,
    stock: row.stock,
    isHot: row.is_hot === 1,
    isNew: row.is_new === 1,
    onShelf,
    withdrawn,
    withdrawnAt: row.withdrawn_at,
    shelf: withdrawn ? 'withdrawn' : onShelf ? 'on' : 'off',
    updatedAt: row.updated_at,
  };
}

/** One product as the back office sees it, whatever its state; 404 when there is none. */
export async function adminProduct(db: Db, id: number, locale: Locale): Promise<RestAdminProduct> {
  const row = await columns(withCategory(db)).where('p.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(catalogueMessages['catalogue.productNotFound']);
  return toView(row, locale);
}

/** `%`, `_` and the escape itself taken literally in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Products of every state, most recently changed first: name words, category scope, shelf state. */
export async function adminProductPage(
  db: Db,
  filter: AdminProductFilter,
  page: PageQuery,
  locale: Locale,
): Promise<RestPage<RestAdminProduct>> {
  let base = withCategory(db);
  const keyword = filter.keyword?.trim().toLowerCase();
  if (keyword) {
    const pattern = `%${likeLiteral(keyword)}%`;
    base = base.where((eb) =>
      eb.or([
        eb(sql`lower(p.name)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(p.name_en)`, 'like', sql`${pattern} escape '\\'`),
      ]),
    );
  }
  if (filter.categoryId !== undefined) {
    const scope = db
      .selectFrom('categories')
      .select('id')
      .where((eb) =>
        eb.or([
          eb('id', '=', filter.categoryId as number),
          eb('parent_id', '=', filter.categoryId as number),
        ]),
      );
    base = base.where('p.category_id', 'in', scope);
  }
  if (filter.shelf === 'withdrawn') base = base.where('p.withdrawn_at', 'is not', null);
  else if (filter.shelf) {
    base = base.where('p.withdrawn_at', 'is', null).where('p.on_shelf', '=', filter.shelf === 'on' ? 1 : 0);
  }
  return paginate(
    base,
    page,
    (query) => columns(query).orderBy('p.updated_at', 'desc').orderBy('p.id', 'desc'),
    (row) => toView(row, locale),
  );
}

/** The fields of a product as its history names them, values as stored. */
function historyFields(view: RestAdminProduct) {
  return {
    nameZh: view.nameZh,
    nameEn: view.nameEn,
    descriptionZh: view.descriptionZh,
    descriptionEn: view.descriptionEn,
    categoryId: view.categoryId,
    price: view.price,
    originalPrice: view.originalPrice,
    stock: view.stock,
    isHot: view.isHot,
    isNew: view.isNew,
    onShelf: view.onShelf,
  };
}

async function requireCategory(db: Db, id: number): Promise<void> {
  const found = await db.selectFrom('categories').select('id').where('id', '=', id).executeTakeFirst();
  if (!found) {
    throw badRequest(
      catalogueMessages['catalogue.categoryNotFound'],
      {},
      {
        fields: { categoryId: catalogueMessages['catalogue.categoryNotFound'] },
      },
    );
  }
}

/** Creates a product at version 1, with its search columns, and records it in its history. */
export async function createProduct(
  ctx: AppContext,
  actor: ProductActor,
  input: ProductInput,
  locale: Locale,
): Promise<RestAdminProduct> {
  await requireCategory(ctx.db, input.categoryId);
  const at = ctx.now().toISOString();
  const id = await inTransaction(ctx.db, async (trx) => {
    const row = productRow({
      category_id: input.categoryId,
      name: input.nameZh,
      name_en: input.nameEn,
      description: input.descriptionZh,
      description_en: input.descriptionEn,
      price: input.price,
      original_price: input.originalPrice,
      stock: input.stock,
      on_shelf: input.onShelf,
      listed_at: at,
    });
    const inserted = await trx
      .insertInto('products')
      .values({ ...row, is_hot: input.isHot ? 1 : 0, is_new: input.isNew ? 1 : 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await drawNewProducts(trx, [inserted.id]);
    await rememberWords(trx, vocabularyWords(row));
    const created = await adminProduct(trx, inserted.id, locale);
    const after = historyFields(created);
    const changes = Object.entries(after).map(([field, value]) => ({ field, before: null, after: value }));
    await recordProductChange(trx, {
      productId: inserted.id,
      actor,
      kind: 'created',
      changes,
      version: 1,
      at,
    });
    return inserted.id;
  });
  return adminProduct(ctx.db, id, locale);
}

/** The columns an edit writes, search columns included when a text changed. */
function columnsOf(next: ReturnType<typeof historyFields>, patch: Record<string, unknown>) {
  const set: Record<string, unknown> = {
    name: next.nameZh,
    name_en: next.nameEn,
    description: next.descriptionZh,
    description_en: next.descriptionEn,
    category_id: next.categoryId,
    price: next.price,
    original_price: next.originalPrice,
    is_hot: next.isHot ? 1 : 0,
    is_new: next.isNew ? 1 : 0,
    on_shelf: next.onShelf ? 1 : 0,
  };
  const texts = ['nameZh', 'nameEn', 'descriptionZh', 'descriptionEn'];
  if (!texts.some((field) => field in patch)) return { set, search: null };
  const search = searchColumns({
    name: next.nameZh,
    name_en: next.nameEn,
    description: next.descriptionZh,
    description_en: next.descriptionEn,
  });
  return { set: { ...set, ...search }, search };
}

const conflict = () => refuse(m['product.versionConflict']);

/**
 * Edits a product against the version the editor read (compare-and-set): the fields given
 * change, the search columns with the texts, the version moves on and the history records each
 * field before → after, all in one transaction. Refused with product.versionConflict when
 * someone else changed it since; nothing is written then.
 */
export async function updateProduct(
  ctx: AppContext,
  actor: ProductActor,
  id: number,
  patch: ProductPatch,
  locale: Locale,
): Promise<RestAdminProduct> {
  const { version, ...fields } = patch;
  if (fields.categoryId !== undefined) await requireCategory(ctx.db, fields.categoryId);
  const now = ctx.now();
  await inTransaction(ctx.db, async (trx) => {
    const current = await adminProduct(trx, id, locale);
    if (current.version !== version) throw conflict();
    if (current.withdrawn && fields.onShelf === true) throw refuse(m['product.restoreFirst']);
    const before = historyFields(current);
    const next = {
      ...before,
      ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
    };
    if (next.originalPrice !== null && next.originalPrice < next.price) {
      const key = 'product.originalBelowPrice';
      throw badRequest(key, { field: 'field.originalPrice' }, { fields: { originalPrice: key } });
    }
    const changes = changedFields(before, next);
    if (!changes.length) return;
    const { set, search } = columnsOf(next, fields);
    if (!(await bumpVersion(trx, id, version, set, now))) throw conflict();
    if (search) await rememberWords(trx, vocabularyWords(search));
    await recordProductChange(trx, {
      productId: id,
      actor,
      kind: 'updated',
      changes,
      version: version + 1,
      at: now.toISOString(),
    });
  });
  return adminProduct(ctx.db, id, locale);
}

/**
 * Withdraws a product from sale or brings it back (compare-and-set on version). Withdrawal takes
 * it off the shelf too, so every storefront rule about off-shelf products keeps it out; it comes
 * back off the shelf, to be put on it once checked. The row is never deleted.
 */
export async function setWithdrawn(
  ctx: AppContext,
  actor: ProductActor,
  id: number,
  version: number,
  withdraw: boolean,
  locale: Locale,
): Promise<RestAdminProduct> {
  const now = ctx.now();
  await inTransaction(ctx.db, async (trx) => {
    const current = await adminProduct(trx, id, locale);
    if (current.version !== version) throw conflict();
    if (current.withdrawn === withdraw) {
      throw refuse(withdraw ? m['product.alreadyWithdrawn'] : m['product.notWithdrawn']);
    }
    const set = withdraw ? { withdrawn_at: now.toISOString(), on_shelf: 0 } : { withdrawn_at: null };
    if (!(await bumpVersion(trx, id, version, set, now))) throw conflict();
    const changes = [{ field: 'withdrawn', before: !withdraw, after: withdraw }];
    if (withdraw && current.onShelf) changes.push({ field: 'onShelf', before: true, after: false });
    await recordProductChange(trx, {
      productId: id,
      actor,
      kind: withdraw ? 'withdrawn' : 'restored',
      changes,
      version: version + 1,
      at: now.toISOString(),
    });
  });
  return adminProduct(ctx.db, id, locale);
}
