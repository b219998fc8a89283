/**
 * Text-search input for products, identical on SQLite FTS5 and PostgreSQL tsvector.
 *
 * Neither database's own tokenizer finds a fragment inside a word the same way (FTS5's trigram
 * tokenizer and pg_trgm differ on CJK, short queries and case rules), so the application writes
 * the index tokens itself and both databases only split them on spaces:
 * - `search_text`: every word (lower-cased, width-folded, without diacritics), and every CJK run
 *   expanded into its characters and overlapping bigrams;
 * - `search_grams`: the overlapping trigrams of every Latin word, so a fragment of three or more
 *   letters ("phone" in "smartphone", "ote" in "note") is an AND of trigrams;
 * - `norm_*`: each name and description normalised the same way, words separated by single
 *   spaces with a space at both ends, which the ranking and the exact-match check read with LIKE.
 * Same tokens and the same LIKE patterns on both databases give the same results by construction.
 */

const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
const WORD_PATTERN = new RegExp(`[${CJK}]+|(?:(?![${CJK}])[\\p{L}\\p{N}])+`, 'gu');
const CJK_RUN = new RegExp(`^[${CJK}]+$`, 'u');
/** A keyword never has more terms than this (each costs index look-ups). */
export const MAX_TERMS = 8;
/** A longer term is cut: no product word is this long, and it bounds the trigrams per term. */
export const MAX_TERM_LENGTH = 24;

/** Width-folds (ＡＢ１ → ab1), drops diacritics (é → e) and lower-cases. */
export function normalise(input: string): string {
  return input
    .normalize('NFKC')
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** The normalised words of a text: CJK runs and letter/digit runs, apart. */
export function words(input: string): string[] {
  return normalise(input).match(WORD_PATTERN) ?? [];
}

export const isCjk = (word: string) => CJK_RUN.test(word);

/** Overlapping n-grams of a word ('phone', 3 → pho hon one); a shorter word is its own gram. */
export function grams(word: string, n: number): string[] {
  const chars = Array.from(word);
  if (chars.length <= n) return [word];
  const out: string[] = [];
  for (let i = 0; i + n <= chars.length; i += 1) out.push(chars.slice(i, i + n).join(''));
  return out;
}

/** The text a LIKE pattern runs over: ' word word ' (single spaces, one at each end). */
export function normalisedField(text: string): string {
  const list = words(text);
  return list.length ? ` ${list.join(' ')} ` : '';
}

export interface SearchColumns {
  search_text: string;
  search_grams: string;
  norm_name: string;
  norm_name_en: string;
  norm_description: string;
  norm_description_en: string;
}

export interface ProductTexts {
  name: string;
  name_en: string;
  description: string;
  description_en: string;
}

/** Every search column of a product, from its names and descriptions. */
export function searchColumns(texts: ProductTexts): SearchColumns {
  const tokens = new Set<string>();
  const trigrams = new Set<string>();
  for (const word of words(`${texts.name} ${texts.name_en} ${texts.description} ${texts.description_en}`)) {
    if (isCjk(word)) {
      for (const char of Array.from(word)) tokens.add(char);
      for (const gram of grams(word, 2)) tokens.add(gram);
    } else {
      tokens.add(word);
      if (word.length >= 3) for (const gram of grams(word, 3)) trigrams.add(gram);
    }
  }
  return {
    search_text: Array.from(tokens).join(' '),
    search_grams: Array.from(trigrams).join(' '),
    norm_name: normalisedField(texts.name),
    norm_name_en: normalisedField(texts.name_en),
    norm_description: normalisedField(texts.description),
    norm_description_en: normalisedField(texts.description_en),
  };
}

/** The Latin words of a product that typo tolerance may correct a query word to. */
export function vocabularyWords(columns: Pick<SearchColumns, 'search_text'>): string[] {
  return columns.search_text.split(' ').filter((word) => word.length >= 4 && !isCjk(word));
}

export type TermKind = 'cjk' | 'latin' | 'short';

/** One word of what the shopper typed. */
export interface SearchTerm {
  text: string;
  /** cjk: a CJK run; latin: a letter/digit word of 3+ characters; short: 1–2 characters. */
  kind: TermKind;
  /** Indexed words within the typo allowance (filled in by the typo step). */
  corrections: string[];
}

/**
 * Turns what a shopper typed into search terms. Only letters, digits and CJK characters
 * survive, so no query syntax can be injected into either database.
 */
export function parseTerms(keyword: string): SearchTerm[] {
  const unique = Array.from(
    new Set(words(keyword).map((word) => Array.from(word).slice(0, MAX_TERM_LENGTH).join(''))),
  );
  return unique.slice(0, MAX_TERMS).map((text) => ({
    text,
    kind: isCjk(text) ? 'cjk' : Array.from(text).length < 3 ? 'short' : 'latin',
    corrections: [],
  }));
}

const ftsString = (token: string) => `"${token.replaceAll('"', '""')}"`;
const tsLexeme = (token: string) => `'${token.replaceAll("'", "''").replaceAll('\\', '\\\\')}'`;

/** FTS5 MATCH expression: each term an index look-up, every token quoted, terms AND-ed. */
export function toFtsQuery(terms: SearchTerm[]): string {
  return terms
    .map((term) => {
      if (term.kind === 'short') return `search_text : ${ftsString(term.text)}*`;
      if (term.kind === 'cjk') return `search_text : (${grams(term.text, 2).map(ftsString).join(' AND ')})`;
      const exact = `search_grams : (${grams(term.text, 3).map(ftsString).join(' AND ')})`;
      if (!term.corrections.length) return `(${exact})`;
      return `(${exact} OR search_text : (${term.corrections.map(ftsString).join(' OR ')}))`;
    })
    .join(' AND ');
}

/**
 * to_tsquery('simple', …) input over `search_vector`, where `search_text` tokens carry
 * weight A and `search_grams` weight B: the same look-ups as `toFtsQuery`.
 */
export function toTsQuery(terms: SearchTerm[]): string {
  return terms
    .map((term) => {
      if (term.kind === 'short') return `${tsLexeme(term.text)}:*A`;
      if (term.kind === 'cjk')
        return `(${grams(term.text, 2)
          .map((gram) => `${tsLexeme(gram)}:A`)
          .join(' & ')})`;
      const exact = grams(term.text, 3)
        .map((gram) => `${tsLexeme(gram)}:B`)
        .join(' & ');
      const fixes = term.corrections.map((word) => `${tsLexeme(word)}:A`);
      return `(${[`(${exact})`, ...fixes].join(' | ')})`;
    })
    .join(' & ');
}
