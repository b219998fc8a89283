import type { RestSearchFacets, RestSearchSuggestion } from '@shop/common/rest/index.ts';
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Locale } from '../../i18n/index.ts';
import { highlightRanges } from './search-highlight.ts';
import { facetCounts, type MatchFilter, PRICE_BANDS } from './search-lookup.ts';
import { rankedByRelevance, searchTerms } from './search-query.ts';
import { type CategoryNode, categoryTree } from './service.ts';

type Ctx = Pick<AppContext, 'db' | 'dialect'>;

export { PRICE_BANDS };

function flatten(nodes: CategoryNode[]): CategoryNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children)]);
}

/** Counts per category or band, summed over the other, from `facetCounts` rows. */
function sumBy(rows: Array<{ categoryId: number; band: number; count: number }>, key: 'categoryId' | 'band') {
  const sums = new Map<number, number>();
  for (const row of rows) sums.set(row[key], (sums.get(row[key]) ?? 0) + row.count);
  return Array.from(sums, ([value, count]) => ({ value, count }));
}

/** Facets without a keyword: every on-shelf product, from the products table. */
async function shelfFacetCounts(ctx: Ctx, filter: MatchFilter) {
  let query = ctx.db
    .selectFrom('products as p')
    .select(['p.category_id', 'p.price', (eb) => eb.fn.countAll<number>().as('count')])
    .where('p.on_shelf', '=', 1);
  if (filter.categoryIds) query = query.where('p.category_id', 'in', filter.categoryIds);
  if (filter.minPrice !== undefined) query = query.where('p.price', '>=', filter.minPrice);
  if (filter.maxPrice !== undefined) query = query.where('p.price', '<', filter.maxPrice);
  const rows = await query.groupBy(['p.category_id', 'p.price']).execute();
  return rows.map((row) => ({
    categoryId: row.category_id,
    band: PRICE_BANDS.findLastIndex((edge) => row.price >= edge),
    count: Number(row.count),
  }));
}

/**
 * Counts over what a search finds: per category (the price band applies, the category does not,
 * so the shopper can switch category) and per price band (the category applies, the band does not).
 * Without either filter one pass over the index's rows gives both.
 */
export async function searchFacets(
  ctx: Ctx,
  keyword: string | undefined,
  filter: MatchFilter,
  locale: Locale,
): Promise<RestSearchFacets> {
  const terms = keyword ? await searchTerms(ctx.db, keyword) : [];
  if (keyword && !terms.length) return { categories: [], prices: [] };
  const { categoryIds, ...priceFilter } = filter;
  const counts = (part: MatchFilter) =>
    terms.length ? facetCounts(ctx, terms, part) : shelfFacetCounts(ctx, part);
  const unfiltered = categoryIds === undefined && Object.values(priceFilter).every((v) => v === undefined);
  const byCategory = counts(priceFilter);
  const byBand = unfiltered ? byCategory : counts({ categoryIds });
  const [categoryRows, bandRows, tree] = await Promise.all([
    byCategory,
    byBand,
    categoryTree(ctx.db, locale),
  ]);
  const categories = new Map(flatten(tree).map((node) => [node.id, node]));
  return {
    categories: sumBy(categoryRows, 'categoryId')
      .map((row) => ({ node: categories.get(row.value), count: row.count }))
      .filter((entry): entry is { node: CategoryNode; count: number } => entry.node !== undefined)
      .map(({ node, count }) => ({ id: node.id, name: node.name, cardName: node.cardName, count }))
      .sort((a, b) => b.count - a.count || a.id - b.id),
    prices: sumBy(bandRows, 'band')
      .map((row) => ({
        min: PRICE_BANDS[row.value],
        max: PRICE_BANDS[row.value + 1] ?? null,
        count: row.count,
      }))
      .sort((a, b) => a.min - b.min),
  };
}

/** Suggestions for a header search: at most this many. */
export const MAX_SUGGESTIONS = 8;
const MAX_CATEGORY_SUGGESTIONS = 3;

/**
 * What the shopper may be typing: matching categories (at most three), then the most relevant
 * product names, in the shopper's language; each with the ranges to highlight.
 */
export async function searchSuggestions(
  ctx: Ctx,
  keyword: string,
  locale: Locale,
): Promise<RestSearchSuggestion[]> {
  const terms = await searchTerms(ctx.db, keyword);
  if (!terms.length) return [];
  const categories = flatten(await categoryTree(ctx.db, locale))
    .map((node) => ({ node, ranges: highlightRanges(node.name, terms) }))
    .filter((entry) => entry.ranges.length)
    .slice(0, MAX_CATEGORY_SUGGESTIONS)
    .map(
      ({ node, ranges }): RestSearchSuggestion => ({
        kind: 'category',
        text: node.name,
        ranges,
        productId: null,
        cardName: node.cardName,
      }),
    );
  // Only as many as shown, and nothing counted.
  const limit = MAX_SUGGESTIONS - categories.length;
  const ids = limit > 0 ? await rankedByRelevance(ctx, terms, locale, {}, limit, 0) : [];
  const nameColumn = locale === 'en-GB' ? 'p.name_en' : 'p.name';
  const rows = ids.length
    ? await ctx.db
        .selectFrom('products as p')
        .select(['p.id', sql<string>`${sql.ref(nameColumn)}`.as('name')])
        .where('p.id', 'in', ids)
        .execute()
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const products = ids.flatMap((id) => byId.get(id) ?? []);
  return [
    ...categories,
    ...products.map(
      (row): RestSearchSuggestion => ({
        kind: 'product',
        text: row.name,
        ranges: highlightRanges(row.name, terms),
        productId: row.id,
        cardName: null,
      }),
    ),
  ];
}
