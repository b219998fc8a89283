import type { Locale } from '../../i18n/index.ts';
import { fieldToken, type SearchField, type SearchTerm } from './search-text.ts';

/**
 * Index look-ups as a small expression tree, written out as an FTS5 MATCH string or a tsquery:
 * the same tokens and the same operators on both databases, so both find the same products.
 */
export type IndexNode =
  | { token: string; prefix: boolean }
  | { all: IndexNode[] }
  | { any: IndexNode[] }
  | { node: IndexNode; without: IndexNode };

const token = (text: string, prefix: boolean): IndexNode => ({ token: text, prefix });
export const all = (nodes: IndexNode[]): IndexNode => (nodes.length === 1 ? nodes[0] : { all: nodes });
export const any = (nodes: IndexNode[]): IndexNode => (nodes.length === 1 ? nodes[0] : { any: nodes });

/** FTS5 MATCH string (the `ascii` tokenizer with ':' as a token character reads the tokens as written). */
export function toFts(node: IndexNode): string {
  if ('token' in node) return `"${node.token.replaceAll('"', '""')}"${node.prefix ? '*' : ''}`;
  if ('all' in node) return `(${node.all.map(toFts).join(' AND ')})`;
  if ('any' in node) return `(${node.any.map(toFts).join(' OR ')})`;
  return `(${toFts(node.node)} NOT ${toFts(node.without)})`;
}

/** tsquery text (cast with ::tsquery, so no dictionary or parser changes a token). */
export function toTsQuery(node: IndexNode): string {
  if ('token' in node) {
    return `'${node.token.replaceAll('\\', '\\\\').replaceAll("'", "''")}'${node.prefix ? ':*' : ''}`;
  }
  if ('all' in node) return `(${node.all.map(toTsQuery).join(' & ')})`;
  if ('any' in node) return `(${node.any.map(toTsQuery).join(' | ')})`;
  return `(${toTsQuery(node.node)} & !${toTsQuery(node.without)})`;
}

const ALL_FIELDS: SearchField[] = ['name', 'name_en', 'description', 'description_en'];

/** The term inside a word of the field: a word start for 1–2 letters, anywhere otherwise. */
function fragmentIn(term: SearchTerm, field: SearchField): IndexNode {
  return term.kind === 'short'
    ? token(fieldToken(field, 'w', term.text), true)
    : token(fieldToken(field, 's', term.text), true);
}

/** The term as a whole word of the field (only Latin words of 3+ letters differ from a fragment). */
function wordIn(term: SearchTerm, field: SearchField): IndexNode {
  return term.kind === 'latin' ? token(fieldToken(field, 'w', term.text), false) : fragmentIn(term, field);
}

function correctionIn(term: SearchTerm, field: SearchField): IndexNode | undefined {
  if (!term.corrections.length) return undefined;
  return any(term.corrections.map((word) => token(fieldToken(field, 'w', word), false)));
}

/** Every product the term is found in: a fragment anywhere, or a correction as a whole word. */
export function termMatch(term: SearchTerm): IndexNode {
  return any(
    ALL_FIELDS.flatMap((field) => {
      const fix = correctionIn(term, field);
      return fix ? [fragmentIn(term, field), fix] : [fragmentIn(term, field)];
    }),
  );
}

/** Every product the term is found in as typed, its corrections left out. */
export const typedMatch = (term: SearchTerm): IndexNode =>
  any(ALL_FIELDS.map((field) => fragmentIn(term, field)));

/** Every product a correction is found in, as a whole word of any field. */
export const correctionMatch = (word: string): IndexNode =>
  any(ALL_FIELDS.map((field) => token(fieldToken(field, 'w', word), false)));

/** Every product all terms are found in. */
export const termsMatch = (terms: SearchTerm[]): IndexNode => all(terms.map(termMatch));

/** The fields of the shopper's language, then the other language's: [name, description]. */
export function fieldsFor(locale: Locale): [[SearchField, SearchField], [SearchField, SearchField]] {
  return locale === 'en-GB'
    ? [
        ['name_en', 'description_en'],
        ['name', 'description'],
      ]
    : [
        ['name', 'description'],
        ['name_en', 'description_en'],
      ];
}

/**
 * One term's relevance as levels, best first, each with its score: the shopper's language
 * before the other, name before description, whole word before fragment, typed word before a
 * correction. A product's score is that of the first level it is in (0 when none), so the
 * levels with everything of the levels above taken out partition what the term finds, in order.
 */
export function termLevels(term: SearchTerm, locale: Locale): Array<{ score: number; node: IndexNode }> {
  const levels: Array<{ score: number; node: IndexNode }> = [];
  const seen = new Set<string>();
  const add = (score: number, node: IndexNode | undefined) => {
    if (!node) return;
    const key = toFts(node);
    if (seen.has(key)) return;
    seen.add(key);
    levels.push({ score, node });
  };
  for (const [[name, description], weight] of [
    [fieldsFor(locale)[0], 10],
    [fieldsFor(locale)[1], 1],
  ] as const) {
    add(10 * weight, wordIn(term, name));
    add(8 * weight, fragmentIn(term, name));
    add(5 * weight, wordIn(term, description));
    add(4 * weight, fragmentIn(term, description));
    add(3 * weight, correctionIn(term, name));
    add(2 * weight, correctionIn(term, description));
  }
  return levels;
}

/** Level `index` without the products of the levels above it. */
export function levelOnly(levels: Array<{ node: IndexNode }>, index: number): IndexNode {
  const node = levels[index].node;
  return index === 0 ? node : { node, without: any(levels.slice(0, index).map((level) => level.node)) };
}

/** The prefix look-ups of an expression, e.g. `as:phone` of `"as:phone"*`. */
export function prefixTokens(node: IndexNode): string[] {
  if ('token' in node) return node.prefix ? [node.token] : [];
  if ('all' in node) return node.all.flatMap(prefixTokens);
  if ('any' in node) return node.any.flatMap(prefixTokens);
  return [...prefixTokens(node.node), ...prefixTokens(node.without)];
}

/**
 * The expression with each prefix look-up replaced by the indexed tokens that start with it
 * (`expansions`, from the vocabulary of every indexed token): exact tokens are read lazily and
 * in rank order, a prefix is first merged in full. A prefix with no tokens becomes its own exact
 * token, which is not indexed and finds nothing; one missing from `expansions` (too many tokens)
 * stays a prefix.
 */
export function expandPrefixes(node: IndexNode, expansions: Map<string, string[]>): IndexNode {
  if ('token' in node) {
    const tokens = node.prefix ? expansions.get(node.token) : undefined;
    if (!tokens) return node;
    return tokens.length ? any(tokens.map((text) => token(text, false))) : token(node.token, false);
  }
  if ('all' in node) return all(node.all.map((child) => expandPrefixes(child, expansions)));
  if ('any' in node) return any(node.any.map((child) => expandPrefixes(child, expansions)));
  return { node: expandPrefixes(node.node, expansions), without: expandPrefixes(node.without, expansions) };
}

/** The exact-token look-ups of an expression. */
export function exactTokens(node: IndexNode): string[] {
  if ('token' in node) return node.prefix ? [] : [node.token];
  if ('all' in node) return node.all.flatMap(exactTokens);
  if ('any' in node) return node.any.flatMap(exactTokens);
  return [...exactTokens(node.node), ...exactTokens(node.without)];
}

/** Whether the expression may find anything, given which of its exact tokens are indexed. */
export function mayMatch(node: IndexNode, indexed: Set<string>): boolean {
  if ('token' in node) return node.prefix || indexed.has(node.token);
  if ('all' in node) return node.all.every((child) => mayMatch(child, indexed));
  if ('any' in node) return node.any.some((child) => mayMatch(child, indexed));
  return mayMatch(node.node, indexed);
}
