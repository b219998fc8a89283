import { type Expression, type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import type { Locale } from '../../i18n/index.ts';
import { parseTerms, type SearchTerm, toFtsQuery, toTsQuery } from './search-text.ts';
import { addCorrections } from './search-typos.ts';

type Db = Kysely<Database>;

/** The terms of a keyword with their typo corrections; empty when nothing is searchable. */
export async function searchTerms(db: Db, keyword: string): Promise<SearchTerm[]> {
  return addCorrections(db, parseTerms(keyword));
}

/** The text-index condition: every term looked up in FTS5 / the GIN index, never a scan. */
export function indexCondition(dialect: DialectName, terms: SearchTerm[]): RawBuilder<SqlBool> {
  return dialect === 'sqlite'
    ? sql<SqlBool>`p.id IN (SELECT rowid FROM products_fts WHERE products_fts MATCH ${toFtsQuery(terms)})`
    : sql<SqlBool>`p.search_vector @@ to_tsquery('simple', ${toTsQuery(terms)})`;
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

/**
 * Whether the index look-up of a term is already exact: a single token (a word prefix, one CJK
 * character or bigram, one trigram). Longer terms AND several tokens that may occur apart.
 */
const indexIsExact = (term: SearchTerm) =>
  term.kind === 'short' || Array.from(term.text).length <= (term.kind === 'cjk' ? 2 : 3);

/** The term really occurs in some text (or a correction of it, as a whole word). */
function occurs(dialect: DialectName, term: SearchTerm): RawBuilder<SqlBool> {
  const needles = [term.text, ...term.corrections.map((word) => ` ${word} `)];
  return anyOf(
    ['norm_name', 'norm_name_en', 'norm_description', 'norm_description_en'].flatMap((name) =>
      needles.map((needle) => contains(dialect, column(name), needle)),
    ),
  );
}

export interface MatchFilter {
  categoryIds?: number[];
  minPrice?: number;
  maxPrice?: number;
}

/**
 * The on-shelf products a search finds, as a subquery `m(id, relevance)`: the index narrows,
 * a LIKE confirms where the look-up may be approximate. Without terms every on-shelf product is
 * there with relevance 0.
 */
export function matchedProducts(
  db: Db,
  dialect: DialectName,
  terms: SearchTerm[],
  locale: Locale,
  filter: MatchFilter,
) {
  const scores = terms.map((term) => termScore(dialect, term, locale));
  let inner = db
    .selectFrom('products as p')
    .select('p.id')
    .select(sql<number>`${scores.length ? sql.join(scores, sql` + `) : sql.lit(0)}`.as('relevance'))
    .where('p.on_shelf', '=', 1);
  if (filter.categoryIds) inner = inner.where('p.category_id', 'in', filter.categoryIds);
  if (filter.minPrice !== undefined) inner = inner.where('p.price', '>=', filter.minPrice);
  if (filter.maxPrice !== undefined) inner = inner.where('p.price', '<', filter.maxPrice);
  if (terms.length) {
    inner = inner.where(indexCondition(dialect, terms));
    // A term whose look-up may be approximate is confirmed; corrections are whole indexed words.
    for (const term of terms) {
      if (!indexIsExact(term) || term.corrections.length) inner = inner.where(occurs(dialect, term));
    }
  }
  return inner;
}

export type MatchedQuery = ReturnType<typeof matchedProducts>;

/** `relevance` of the matched subquery aliased `m`, for ordering. */
export const relevanceOf = (): Expression<number> => sql<number>`m.relevance`;
