import type { RestCategory, RestProduct, RestProductSort } from '@shop/common/rest/index.ts';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { CategoryTable, Database, ProductTable } from '../../db/types.ts';
import { notFound } from '../../http/envelope.ts';
import { type Page, paginate } from '../../http/paging.ts';
import type { PageQuery } from '../../http/validate.ts';
import { imageUrlIn } from '../../i18n/image-language.ts';
import type { Locale } from '../../i18n/index.ts';
import { shownPicture } from '../catalogue-admin/shown-picture.ts';
import { catalogueMessages as m } from './messages.ts';
import { describeMatch } from './search-highlight.ts';
import type { MatchFilter } from './search-lookup.ts';
import { searchPage, searchTerms } from './search-query.ts';
import { searchColumns, vocabularyWords } from './search-text.ts';
import { rememberWords } from './search-typos.ts';

export type ProductSort = RestProductSort;

/** The REST category (common/rest/) plus both languages' names for the back office. */
export interface CategoryNode extends RestCategory {
  nameZh: string;
  nameEn: string;
  parentId: number | null;
  children: CategoryNode[];
}

/** A page of products; a keyword search says which words it searched after correcting typos. */
export interface ProductPage extends Page<ProductView> {
  interpretedKeyword?: string;
}

/** The REST product (common/rest/) plus both languages' texts. */
export interface ProductView extends RestProduct {
  nameZh: string;
  nameEn: string;
  descriptionZh: string;
  descriptionEn: string;
  price: number;
  originalPrice: number | null;
  categoryName: string;
  cardName: string;
  listedAt: string;
}

type Db = Kysely<Database>;
type Joined = Database & { p: ProductTable; c: CategoryTable };

/**
 * The category tree (two levels), ordered by `sort`, names in the caller's language. Hidden
 * categories are left out, and so are the sub-categories of a hidden one.
 */
export async function categoryTree(db: Db, locale: Locale): Promise<CategoryNode[]> {
  const rows = await db.selectFrom('categories').selectAll().orderBy('sort').orderBy('id').execute();
  const hidden = new Set(rows.filter((row) => row.hidden === 1).map((row) => row.id));
  const nodes = new Map<number, CategoryNode>();
  for (const row of rows) {
    if (hidden.has(row.id) || (row.parent_id !== null && hidden.has(row.parent_id))) continue;
    nodes.set(row.id, {
      id: row.id,
      name: locale === 'en-GB' ? row.name_en : row.name,
      nameZh: row.name,
      nameEn: row.name_en,
      cardName: row.card_name,
      icon: shownPicture(row, row.icon, locale),
      parentId: row.parent_id,
      children: [],
    });
  }
  const roots: CategoryNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** The ids a category filter covers: the category and its sub-categories. 404 when unknown. */
export async function categoryScope(db: Db, filter: { categoryId?: number; cardName?: string }) {
  let query = db.selectFrom('categories').select('id');
  if (filter.categoryId !== undefined) query = query.where('id', '=', filter.categoryId);
  if (filter.cardName !== undefined) query = query.where('card_name', '=', filter.cardName);
  const category = await query.executeTakeFirst();
  if (!category) throw notFound(m['catalogue.categoryNotFound']);
  const children = await db
    .selectFrom('categories')
    .select('id')
    .where('parent_id', '=', category.id)
    .execute();
  return [category.id, ...children.map((child) => child.id)];
}

function productColumns<O>(query: SelectQueryBuilder<Joined, 'p' | 'c', O>) {
  return query.select([
    'p.id',
    'p.name',
    'p.name_en',
    'p.description',
    'p.description_en',
    'p.price',
    'p.original_price',
    'p.stock',
    'p.sales',
    'p.image',
    'p.images',
    'p.version',
    'p.category_id',
    'p.on_shelf',
    'p.listed_at',
    'c.name as category_name',
    'c.name_en as category_name_en',
    'c.card_name',
  ]);
}

type ProductRow = Awaited<ReturnType<ReturnType<typeof productColumns>['executeTakeFirstOrThrow']>>;

export function toProductView(row: ProductRow, locale: Locale): ProductView {
  const en = locale === 'en-GB';
  return {
    id: row.id,
    name: en ? row.name_en : row.name,
    nameZh: row.name,
    nameEn: row.name_en,
    description: en ? row.description_en : row.description,
    descriptionZh: row.description,
    descriptionEn: row.description_en,
    price: row.price,
    originalPrice: row.original_price,
    stock: row.stock,
    sales: row.sales,
    image: imageUrlIn(row.image, locale, row.version),
    images: (JSON.parse(row.images) as string[]).map((url) => imageUrlIn(url, locale, row.version)),
    categoryId: row.category_id,
    categoryName: en ? row.category_name_en : row.category_name,
    cardName: row.card_name,
    onShelf: row.on_shelf === 1,
    listedAt: row.listed_at,
  };
}

function productsWithCategory(db: Db) {
  return db.selectFrom('products as p').innerJoin('categories as c', 'c.id', 'p.category_id');
}

export interface ProductFilter extends MatchFilter {
  keyword?: string;
  sort: ProductSort;
  /** The home page's hot or new list: the back office's picks (is_hot / is_new) come first. */
  picked?: 'is_hot' | 'is_new';
}

/** A page of on-shelf products without a keyword: category scope and price band, in the order asked. */
function shelfPage(
  db: Db,
  filter: ProductFilter,
  page: PageQuery,
  locale: Locale,
): Promise<Page<ProductView>> {
  let base = productsWithCategory(db).where('p.on_shelf', '=', 1);
  if (filter.categoryIds) base = base.where('p.category_id', 'in', filter.categoryIds);
  if (filter.minPrice !== undefined) base = base.where('p.price', '>=', filter.minPrice);
  if (filter.maxPrice !== undefined) base = base.where('p.price', '<', filter.maxPrice);
  return paginate(
    base,
    page,
    (query) => {
      const ordered = filter.picked ? query.orderBy(`p.${filter.picked}`, 'desc') : query;
      const selected = productColumns(ordered);
      switch (filter.sort) {
        case 'relevance':
        case 'sales':
          return selected.orderBy('p.sales', 'desc').orderBy('p.id', 'asc');
        case 'priceAsc':
          return selected.orderBy('p.price', 'asc').orderBy('p.id', 'asc');
        case 'priceDesc':
          return selected.orderBy('p.price', 'desc').orderBy('p.id', 'asc');
        case 'newest':
          return selected.orderBy('p.listed_at', 'desc').orderBy('p.id', 'desc');
        default:
          return selected.orderBy('p.id', 'asc');
      }
    },
    (row) => toProductView(row, locale),
  );
}

/**
 * A page of on-shelf products: category scope, price band and keyword (through the text
 * index), ordered by relevance when a keyword is given and no other order is asked for. Each
 * record of a keyword search says where it matched (highlight ranges, language), and a search
 * that corrected typos says which words it searched.
 */
export async function productPage(
  ctx: Pick<AppContext, 'db' | 'dialect'>,
  filter: ProductFilter,
  page: PageQuery,
  locale: Locale,
): Promise<ProductPage> {
  const terms = filter.keyword ? await searchTerms(ctx.db, filter.keyword) : [];
  if (!terms.length) {
    if (filter.keyword) return { records: [], total: 0, pageNum: page.pageNum, pageSize: page.pageSize };
    return shelfPage(ctx.db, filter, page, locale);
  }
  const sort = filter.sort === 'default' ? 'relevance' : filter.sort;
  const { ids, total, interpreted } = await searchPage(ctx, terms, locale, filter, sort, {
    limit: page.pageSize,
    offset: (page.pageNum - 1) * page.pageSize,
  });
  const en = locale === 'en-GB';
  const records = (await productBatch(ctx.db, ids, locale))
    .filter((view): view is ProductView => view !== null)
    .map((view) => {
      const match = describeMatch(
        {
          name: view.name,
          description: view.description,
          otherName: en ? view.nameZh : view.nameEn,
          otherDescription: en ? view.descriptionZh : view.descriptionEn,
        },
        terms,
      );
      return { ...view, match };
    });
  const found = { records, total, pageNum: page.pageNum, pageSize: page.pageSize };
  return interpreted === undefined ? found : { ...found, interpretedKeyword: interpreted };
}

/** One product whatever its shelf state, or undefined. */
export async function findProduct(db: Db, id: number, locale: Locale): Promise<ProductView | undefined> {
  const row = await productColumns(productsWithCategory(db)).where('p.id', '=', id).executeTakeFirst();
  return row && toProductView(row, locale);
}

/** Products in the order asked, null where missing; off-shelf ones included (onShelf false). */
export async function productBatch(
  db: Db,
  ids: number[],
  locale: Locale,
): Promise<Array<ProductView | null>> {
  const unique = Array.from(new Set(ids));
  const rows = unique.length
    ? await productColumns(productsWithCategory(db)).where('p.id', 'in', unique).execute()
    : [];
  const byId = new Map(rows.map((row) => [row.id, toProductView(row, locale)]));
  return ids.map((id) => byId.get(id) ?? null);
}

export interface ProductTextChange {
  name?: string;
  nameEn?: string;
  description?: string;
  descriptionEn?: string;
}

/**
 * Changes a product's names/descriptions and rebuilds its search text in the same statement,
 * so the text index (FTS5 triggers / generated tsvector) never lags behind. Use this for
 * every name or description change.
 */
export async function updateProductText(
  db: Db,
  id: number,
  change: ProductTextChange,
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('products')
      .select(['name', 'name_en', 'description', 'description_en'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!current) return false;
    const next = {
      name: change.name ?? current.name,
      name_en: change.nameEn ?? current.name_en,
      description: change.description ?? current.description,
      description_en: change.descriptionEn ?? current.description_en,
    };
    const columns = searchColumns(next);
    const result = await trx
      .updateTable('products')
      .set({ ...next, ...columns, updated_at: now.toISOString() })
      .where('id', '=', id)
      .executeTakeFirst();
    await rememberWords(trx, vocabularyWords(columns));
    return Number(result.numUpdatedRows) === 1;
  });
}
