import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { RestProductSort } from '../../../../common/rest/index.ts';
import type { AppContext } from '../../context.ts';
import type { DialectName } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import type { Locale } from '../../i18n/index.ts';
import {
  all,
  any,
  exactTokens,
  expandPrefixes,
  type IndexNode,
  levelOnly,
  mayMatch,
  prefixTokens,
  termLevels,
  termsMatch,
  toFts,
  toTsQuery,
} from './search-index.ts';
import { parseTerms, type SearchTerm } from './search-text.ts';
import { addCorrections } from './search-typos.ts';

type Db = Kysely<Database>;
type Ctx = Pick<AppContext, 'db' | 'dialect'>;

/** The terms of a keyword with their typo corrections; empty when nothing is searchable. */
export async function searchTerms(db: Db, keyword: string): Promise<SearchTerm[]> {
  return addCorrections(db, parseTerms(keyword));
}

/**
 * `text` holds `needle` (exact, case-sensitive; the texts and terms are already folded). instr
 * and strpos find the same positions and, unlike LIKE, read no pattern syntax and are faster.
 */
function contains(dialect: DialectName, text: RawBuilder<unknown>, needle: string): RawBuilder<SqlBool> {
  return dialect === 'sqlite'
    ? sql<SqlBool>`instr(${text}, ${needle}) > 0`
    : sql<SqlBool>`strpos(${text}, ${needle}) > 0`;
}

const column = (name: string) => sql`${sql.ref(`p.${name}`)}`;
const anyOf = (conditions: RawBuilder<SqlBool>[]) => sql<SqlBool>`(${sql.join(conditions, sql` OR `)})`;

/**
 * One term's relevance for one product, 0 when it does not really occur (the index look-up is
 * a superset: trigrams of a word may occur apart). The shopper's language first, then name
 * before description, whole word before fragment, typed word before typo correction.
 */
export function termScore(dialect: DialectName, term: SearchTerm, locale: Locale): RawBuilder<number> {
  const en = locale === 'en-GB';
  const [name, description] = en
    ? ['norm_name_en', 'norm_description_en']
    : ['norm_name', 'norm_description'];
  const [otherName, otherDescription] = en
    ? ['norm_name', 'norm_description']
    : ['norm_name_en', 'norm_description_en'];
  const fragment = term.kind === 'short' ? ` ${term.text}` : term.text;
  const word = term.kind === 'latin' ? ` ${term.text} ` : fragment;
  const fixes = term.corrections.map((correction) => ` ${correction} `);
  const like = (name: string, needle: string) => contains(dialect, column(name), needle);
  const anyLike = (name: string, needles: string[]) => anyOf(needles.map((needle) => like(name, needle)));
  const when: Array<[RawBuilder<unknown>, number]> = [];
  for (const [columns, weight] of [
    [[name, description], 10],
    [[otherName, otherDescription], 1],
  ] as const) {
    const [nameColumn, descriptionColumn] = columns;
    when.push([like(nameColumn, word), 10 * weight], [like(nameColumn, fragment), 8 * weight]);
    when.push([like(descriptionColumn, word), 5 * weight], [like(descriptionColumn, fragment), 4 * weight]);
    if (fixes.length) {
      when.push([anyLike(nameColumn, fixes), 3 * weight], [anyLike(descriptionColumn, fixes), 2 * weight]);
    }
  }
  return sql<number>`CASE ${sql.join(
    when.map(([condition, score]) => sql`WHEN ${condition} THEN ${sql.lit(score)}`),
    sql` `,
  )} ELSE 0 END`;
}

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
function indexRows(dialect: DialectName, node: IndexNode, filter: MatchFilter, facts: boolean) {
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

interface Lookups {
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
async function lookups(ctx: Ctx, terms: SearchTerm[]): Promise<Lookups> {
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
async function countMatches(ctx: Ctx, node: IndexNode, filter: MatchFilter): Promise<number> {
  const rows = indexRows(ctx.dialect, node, filter, false);
  const result = await sql<{
    n: number | string;
  }>`SELECT count(*) AS n FROM ${rows.from} WHERE ${rows.where}`.execute(ctx.db);
  return Number(result.rows[0]?.n ?? 0);
}

async function ids(ctx: Ctx, query: RawBuilder<{ id: number }>): Promise<number[]> {
  return (await query.execute(ctx.db)).rows.map((row) => Number(row.id));
}

/**
 * Product ids in the order asked. By rank (sales), SQLite reads FTS5's rowid order and stops
 * after the page; the other orders read the price or listing time from `search_index`.
 */
function orderedIds(
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
  return ids(
    ctx,
    sql<{ id: number }>`SELECT ${rows.productId} AS id FROM ${rows.from} WHERE ${rows.where}
      ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
  );
}

/** A term's relevance levels that may hold products, each without the levels above it, best first. */
function foundLevels(
  look: Lookups,
  term: SearchTerm,
  locale: Locale,
): Array<{ score: number; node: IndexNode }> {
  const levels = termLevels(term, locale).map((level) => ({ ...level, node: look.expand(level.node) }));
  return levels.flatMap((level, index) =>
    look.mayMatch(level.node) ? [{ score: level.score, node: levelOnly(levels, index) }] : [],
  );
}

/** Several terms are read level by level up to this many combinations of their levels. */
const MAX_COMBINATIONS = 64;

/**
 * The relevance levels of what the terms find, best first, disjoint: one term's levels, or for
 * several terms every combination of one level per term scored by their sum, the combinations
 * of one sum making one level. Undefined when there are too many combinations.
 */
function relevanceLevels(look: Lookups, terms: SearchTerm[], locale: Locale): IndexNode[] | undefined {
  let combinations = [{ score: 0, nodes: [] as IndexNode[] }];
  for (const term of terms) {
    const levels = foundLevels(look, term, locale);
    combinations = combinations.flatMap((combination) =>
      levels.map((level) => ({
        score: combination.score + level.score,
        nodes: [...combination.nodes, level.node],
      })),
    );
    if (combinations.length > MAX_COMBINATIONS) return undefined;
  }
  const bySum = new Map<number, IndexNode[]>();
  for (const { score, nodes } of combinations) bySum.set(score, [...(bySum.get(score) ?? []), all(nodes)]);
  return Array.from(bySum)
    .sort(([a], [b]) => b - a)
    .map(([, nodes]) => any(nodes));
}

/**
 * The most relevant products: the relevance levels one after the other, each in rank order,
 * until the page is full; only the levels above the page are counted. No product's text is
 * scored. SQLite stops each level after the page (FTS5 hands out rowids in rank order),
 * PostgreSQL sorts one level's rows by rank (top-N).
 */
async function rankedByLevels(
  ctx: Ctx,
  levels: IndexNode[],
  filter: MatchFilter,
  limit: number,
  offset: number,
): Promise<number[]> {
  const found: number[] = [];
  let skip = offset;
  for (const node of levels) {
    if (found.length >= limit) break;
    if (skip > 0) {
      const count = await countMatches(ctx, node, filter);
      if (count <= skip) {
        skip -= count;
        continue;
      }
    }
    found.push(...(await orderedIds(ctx, node, filter, 'rank', limit - found.length, skip)));
    skip = 0;
  }
  return found;
}

/**
 * The most relevant products for many terms (the sum of each term's score): the index finds
 * them all, the folded texts of what it found are scored.
 */
async function rankedByScore(
  ctx: Ctx,
  look: Lookups,
  terms: SearchTerm[],
  locale: Locale,
  filter: MatchFilter,
  limit: number,
  offset: number,
): Promise<number[]> {
  const rows = indexRows(ctx.dialect, look.expand(termsMatch(terms)), filter, true);
  const scores = sql.join(
    terms.map((term) => termScore(ctx.dialect, term, locale)),
    sql` + `,
  );
  return ids(
    ctx,
    sql<{ id: number }>`SELECT p.id AS id FROM ${rows.from} JOIN products p ON p.id = s.product_id
      WHERE ${rows.where} ORDER BY ${scores} DESC, ${rows.rank} LIMIT ${limit} OFFSET ${offset}`,
  );
}

function ranked(
  ctx: Ctx,
  look: Lookups,
  terms: SearchTerm[],
  locale: Locale,
  filter: MatchFilter,
  limit: number,
  offset: number,
): Promise<number[]> {
  const levels = relevanceLevels(look, terms, locale);
  return levels
    ? rankedByLevels(ctx, levels, filter, limit, offset)
    : rankedByScore(ctx, look, terms, locale, filter, limit, offset);
}

/** The most relevant products' ids, as many as asked, nothing counted. */
export async function rankedByRelevance(
  ctx: Ctx,
  terms: SearchTerm[],
  locale: Locale,
  filter: MatchFilter,
  limit: number,
  offset: number,
): Promise<number[]> {
  return ranked(ctx, await lookups(ctx, terms), terms, locale, filter, limit, offset);
}

export type SearchSort = Exclude<RestProductSort, 'default'>;

/** A page of what the terms find, in the order asked, and how many there are in all. */
export async function searchPage(
  ctx: Ctx,
  terms: SearchTerm[],
  locale: Locale,
  filter: MatchFilter,
  sort: SearchSort,
  page: { limit: number; offset: number },
): Promise<{ ids: number[]; total: number }> {
  const look = await lookups(ctx, terms);
  const match = look.expand(termsMatch(terms));
  if (!look.mayMatch(match)) return { ids: [], total: 0 };
  const { limit, offset } = page;
  // Independent statements: on PostgreSQL they run on two connections at once.
  const [total, found] = await Promise.all([
    countMatches(ctx, match, filter),
    sort === 'relevance'
      ? ranked(ctx, look, terms, locale, filter, limit, offset)
      : orderedIds(ctx, match, filter, sort === 'sales' ? 'rank' : sort, limit, offset),
  ]);
  return { ids: found, total };
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
