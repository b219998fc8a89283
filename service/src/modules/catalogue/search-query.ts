/** Ranking and paging of a search over the index (search-lookup.ts runs its statements). */

import type { RestProductSort } from '@shop/common/rest/index.ts';
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { DialectName } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import type { Locale } from '../../i18n/index.ts';
import {
  all,
  any,
  correctionMatch,
  type IndexNode,
  levelOnly,
  termLevels,
  termsMatch,
  typedMatch,
} from './search-index.ts';
import {
  countMatches,
  indexRows,
  type Lookups,
  lookups,
  type MatchFilter,
  orderedIds,
  productIds,
} from './search-lookup.ts';
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
/** One page of a relevance-ordered search: what to find, in which language, where the page starts. */
interface RankedPage {
  look: Lookups;
  terms: SearchTerm[];
  locale: Locale;
  filter: MatchFilter;
  limit: number;
  offset: number;
}

async function rankedByScore(
  ctx: Ctx,
  { look, terms, locale, filter, limit, offset }: RankedPage,
): Promise<number[]> {
  const rows = indexRows(ctx.dialect, look.expand(termsMatch(terms)), filter, true);
  const scores = sql.join(
    terms.map((term) => termScore(ctx.dialect, term, locale)),
    sql` + `,
  );
  return productIds(
    ctx,
    sql<{ id: number }>`SELECT p.id AS id FROM ${rows.from} JOIN products p ON p.id = s.product_id
      WHERE ${rows.where} ORDER BY ${scores} DESC, ${rows.rank} LIMIT ${limit} OFFSET ${offset}`,
  );
}

function ranked(ctx: Ctx, page: RankedPage): Promise<number[]> {
  const levels = relevanceLevels(page.look, page.terms, page.locale);
  return levels
    ? rankedByLevels(ctx, levels, page.filter, page.limit, page.offset)
    : rankedByScore(ctx, page);
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
  return ranked(ctx, { look: await lookups(ctx, terms), terms, locale, filter, limit, offset });
}

export type SearchSort = Exclude<RestProductSort, 'default'>;

/**
 * The words searched when a typed word finds nothing and a correction of it does: each such word
 * replaced by its nearest indexed correction, the others as typed (folded), so the shopper can be
 * told what the results are for. Undefined when every word was searched as typed. Read from the
 * look-ups already made for the search: no statement of its own.
 */
export function interpretedWords(look: Lookups, terms: SearchTerm[]): string | undefined {
  let corrected = false;
  const words = terms.map((term) => {
    if (!term.corrections.length || look.mayMatch(look.expand(typedMatch(term)))) return term.text;
    const nearest = term.corrections.find((word) => look.mayMatch(correctionMatch(word)));
    if (nearest === undefined) return term.text;
    corrected = true;
    return nearest;
  });
  return corrected ? words.join(' ') : undefined;
}

/**
 * A page of what the terms find, in the order asked, how many there are in all and, when typos
 * were corrected and something was found, the words searched (`interpretedWords`).
 */
export async function searchPage(
  ctx: Ctx,
  terms: SearchTerm[],
  locale: Locale,
  filter: MatchFilter,
  sort: SearchSort,
  page: { limit: number; offset: number },
): Promise<{ ids: number[]; total: number; interpreted?: string }> {
  const look = await lookups(ctx, terms);
  const match = look.expand(termsMatch(terms));
  if (!look.mayMatch(match)) return { ids: [], total: 0 };
  const { limit, offset } = page;
  // Independent statements: on PostgreSQL they run on two connections at once.
  const [total, found] = await Promise.all([
    countMatches(ctx, match, filter),
    sort === 'relevance'
      ? ranked(ctx, { look, terms, locale, filter, limit, offset })
      : orderedIds(ctx, match, filter, sort === 'sales' ? 'rank' : sort, limit, offset),
  ]);
  const interpreted = total > 0 ? interpretedWords(look, terms) : undefined;
  return interpreted === undefined ? { ids: found, total } : { ids: found, total, interpreted };
}
