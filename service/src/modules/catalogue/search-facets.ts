import { sql } from 'kysely';
import type { RestSearchFacets, RestSearchSuggestion } from '../../../../common/rest/index.ts';
import type { AppContext } from '../../context.ts';
import type { Locale } from '../../i18n/index.ts';
import { highlightRanges } from './search-highlight.ts';
import { type MatchFilter, matchedProducts, relevanceOf, searchTerms } from './search-query.ts';
import { type CategoryNode, categoryTree } from './service.ts';

type Ctx = Pick<AppContext, 'db' | 'dialect'>;

/** Price bands of the price facet, in fen: ¥0–100, 100–500, 500–1000, 1000–3000, 3000–5000, 5000+. */
export const PRICE_BANDS = [0, 10_000, 50_000, 100_000, 300_000, 500_000] as const;

function flatten(nodes: CategoryNode[]): CategoryNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children)]);
}

/**
 * Counts over what a search finds: per category (the price band applies, the category does not,
 * so the shopper can switch category) and per price band (the category applies, the band does not).
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
  const byCategory = ctx.db
    .selectFrom(matchedProducts(ctx.db, ctx.dialect, terms, locale, priceFilter).as('m'))
    .innerJoin('products as p', 'p.id', 'm.id')
    .select(['p.category_id', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('p.category_id')
    .execute();
  const band = sql<number>`CASE ${sql.join(
    PRICE_BANDS.slice(1).map((edge, i) => sql`WHEN p.price < ${sql.lit(edge)} THEN ${sql.lit(i)}`),
    sql` `,
  )} ELSE ${sql.lit(PRICE_BANDS.length - 1)} END`;
  const byBand = ctx.db
    .selectFrom(matchedProducts(ctx.db, ctx.dialect, terms, locale, { categoryIds }).as('m'))
    .innerJoin('products as p', 'p.id', 'm.id')
    .select([band.as('band'), (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy(band)
    .execute();
  const [categoryRows, bandRows, tree] = await Promise.all([
    byCategory,
    byBand,
    categoryTree(ctx.db, locale),
  ]);
  const categories = new Map(flatten(tree).map((node) => [node.id, node]));
  return {
    categories: categoryRows
      .map((row) => ({ node: categories.get(row.category_id), count: Number(row.count) }))
      .filter((entry): entry is { node: CategoryNode; count: number } => entry.node !== undefined)
      .map(({ node, count }) => ({ id: node.id, name: node.name, cardName: node.cardName, count }))
      .sort((a, b) => b.count - a.count || a.id - b.id),
    prices: bandRows
      .map((row) => {
        const index = Number(row.band);
        return { min: PRICE_BANDS[index], max: PRICE_BANDS[index + 1] ?? null, count: Number(row.count) };
      })
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
  const nameColumn = locale === 'en-GB' ? 'p.name_en' : 'p.name';
  const products = await ctx.db
    .selectFrom(matchedProducts(ctx.db, ctx.dialect, terms, locale, {}).as('m'))
    .innerJoin('products as p', 'p.id', 'm.id')
    .select(['p.id', sql<string>`${sql.ref(nameColumn)}`.as('name')])
    .orderBy(relevanceOf(), 'desc')
    .orderBy('p.sales', 'desc')
    .orderBy('p.id', 'asc')
    .limit(MAX_SUGGESTIONS - categories.length)
    .execute();
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
