/**
 * The statements over the search index: the vocabulary look-up that prepares an expression,
 * counting, reading in an order and the facet counts.
 */
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { DialectName } from '../../db/database.ts';
import {
  exactTokens,
  expandPrefixes,
  type IndexNode,
  mayMatch,
  prefixTokens,
  termLevels,
  termsMatch,
  toFts,
  toTsQuery,
} from './search-index.ts';
import type { SearchTerm } from './search-text.ts';

type Ctx = Pick<AppContext, 'db' | 'dialect'>;

export interface MatchFilter {
  categoryIds?: number[];
  minPrice?: number;
  maxPrice?: number;
}

/**
 * The index's rows an expression finds, as FROM and WHERE: the FTS5 table (rowid = rank) with
 * `search_index` joined by rank when a filter or a column of it is needed, or PostgreSQL's
 * `search_index` through its GIN index. Only on-shelf products are in the index.
 * `rank` orders by sales (descending), then product id; see migration 008.
 */
export function indexRows(dialect: DialectName, node: IndexNode, filter: MatchFilter, facts: boolean) {
  const conditions: RawBuilder<SqlBool>[] = [];
  if (filter.categoryIds) conditions.push(sql<SqlBool>`s.category_id IN (${sql.join(filter.categoryIds)})`);
  if (filter.minPrice !== undefined) conditions.push(sql<SqlBool>`s.price >= ${filter.minPrice}`);
  if (filter.maxPrice !== undefined) conditions.push(sql<SqlBool>`s.price < ${filter.maxPrice}`);
  const joined = facts || conditions.length > 0;
  if (dialect === 'sqlite') {
    conditions.unshift(sql<SqlBool>`search_fts MATCH ${toFts(node)}`);
    return {
      from: joined ? sql`search_fts f JOIN search_index s ON s.rank = f.rowid` : sql`search_fts f`,
      where: sql.join(conditions, sql` AND `),
      rank: sql`f.rowid`,
      productId: joined ? sql`s.product_id` : sql`(f.rowid & 4294967295)`,
    };
  }
  conditions.unshift(sql<SqlBool>`s.tokens @@ CAST(${toTsQuery(node)} AS tsquery)`);
  return {
    from: sql`search_index s`,
    where: sql.join(conditions, sql` AND `),
    rank: sql`s.rank`,
    productId: sql`s.product_id`,
  };
}

/** A prefix with more indexed tokens than this stays a prefix look-up. */
const MAX_EXPANSION = 32;

export interface Lookups {
  /** The expression with its prefixes turned into exact tokens where there are few. */
  expand(node: IndexNode): IndexNode;
  /** False when an (expanded) expression holds no indexed token that could find anything. */
  mayMatch(node: IndexNode): boolean;
}

/**
 * Reads, in one statement, the indexed tokens each of the terms' prefixes covers (a range of
 * the vocabulary's primary key per prefix) and which of their exact tokens are indexed at all:
 * prefixes become exact tokens (`expandPrefixes`), and relevance levels nothing can be in are
 * not asked for.
 */
export async function lookups(ctx: Ctx, terms: SearchTerm[]): Promise<Lookups> {
  // Either language's levels hold every field's tokens, only in another order.
  const nodes = [termsMatch(terms), ...terms.flatMap((term) => termLevels(term, 'zh-CN').map((l) => l.node))];
  const prefixes = Array.from(new Set(nodes.flatMap(prefixTokens)));
  const exact = Array.from(new Set(nodes.flatMap(exactTokens)));
  const parts = prefixes.map(
    (prefix, i) => sql`SELECT ${sql.lit(i)} AS k, token FROM (SELECT token FROM search_vocab
      WHERE token >= ${prefix} AND token < ${`${prefix}\u{10FFFF}`} ORDER BY token
      LIMIT ${sql.lit(MAX_EXPANSION + 1)}) ${sql.id(`v${i}`)}`,
  );
  if (exact.length) {
    parts.push(sql`SELECT -1 AS k, token FROM search_vocab WHERE token IN (${sql.join(exact)})`);
  }
  const rows = parts.length
    ? (await sql<{ k: number; token: string }>`${sql.join(parts, sql` UNION ALL `)}`.execute(ctx.db)).rows
    : [];
  const expansions = new Map<string, string[]>(prefixes.map((prefix) => [prefix, []]));
  const indexed = new Set<string>();
  for (const row of rows) {
    indexed.add(row.token);
    const k = Number(row.k);
    if (k >= 0) expansions.get(prefixes[k])?.push(row.token);
  }
  for (const [prefix, tokens] of expansions) if (tokens.length > MAX_EXPANSION) expansions.delete(prefix);
  return {
    expand: (node) => expandPrefixes(node, expansions),
    mayMatch: (node) => mayMatch(node, indexed),
  };
}

/** How many on-shelf products the expression finds: the index alone, no product row is read. */
export async function countMatches(ctx: Ctx, node: IndexNode, filter: MatchFilter): Promise<number> {
  const rows = indexRows(ctx.dialect, node, filter, false);
  const result = await sql<{
    n: number | string;
  }>`SELECT count(*) AS n FROM ${rows.from} WHERE ${rows.where}`.execute(ctx.db);
  return Number(result.rows[0]?.n ?? 0);
}

export async function productIds(ctx: Ctx, query: RawBuilder<{ id: number }>): Promise<number[]> {
  return (await query.execute(ctx.db)).rows.map((row) => Number(row.id));
}

/**
 * Product ids in the order asked. By rank (sales), SQLite reads FTS5's rowid order and stops
 * after the page; the other orders read the price or listing time from `search_index`.
 */
export function orderedIds(
  ctx: Ctx,
  node: IndexNode,
  filter: MatchFilter,
  sort: 'rank' | 'priceAsc' | 'priceDesc' | 'newest',
  limit: number,
  offset: number,
): Promise<number[]> {
  const rows = indexRows(ctx.dialect, node, filter, sort !== 'rank');
  const order = {
    rank: sql`${rows.rank}`,
    priceAsc: sql`s.price ASC, s.product_id ASC`,
    priceDesc: sql`s.price DESC, s.product_id ASC`,
    newest: sql`s.listed_at DESC, s.product_id DESC`,
  }[sort];
  return productIds(
    ctx,
    sql<{ id: number }>`SELECT ${rows.productId} AS id FROM ${rows.from} WHERE ${rows.where}
      ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
  );
}

/** Price bands of the price facet, in fen: ¥0–100, 100–500, 500–1000, 1000–3000, 3000–5000, 5000+. */
export const PRICE_BANDS = [0, 10_000, 50_000, 100_000, 300_000, 500_000] as const;

/** How many of what the terms find lie in each category and price band. */
export async function facetCounts(
  ctx: Ctx,
  terms: SearchTerm[],
  filter: MatchFilter,
): Promise<Array<{ categoryId: number; band: number; count: number }>> {
  const look = await lookups(ctx, terms);
  const match = look.expand(termsMatch(terms));
  if (!look.mayMatch(match)) return [];
  const rows = indexRows(ctx.dialect, match, filter, true);
  const band = sql`CASE ${sql.join(
    PRICE_BANDS.slice(1).map((edge, i) => sql`WHEN s.price < ${sql.lit(edge)} THEN ${sql.lit(i)}`),
    sql` `,
  )} ELSE ${sql.lit(PRICE_BANDS.length - 1)} END`;
  const result = await sql<{ category_id: number; band: number; n: number | string }>`SELECT
    s.category_id AS category_id, ${band} AS band, count(*) AS n
    FROM ${rows.from} WHERE ${rows.where} GROUP BY 1, 2`.execute(ctx.db);
  return result.rows.map((row) => ({
    categoryId: Number(row.category_id),
    band: Number(row.band),
    count: Number(row.n),
  }));
}
