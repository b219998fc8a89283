/**
 * Text-search input for products, identical on SQLite FTS5 and PostgreSQL tsvector.
 *
 * Neither database's own tokenizer finds a fragment inside a word the same way (FTS5's trigram
 * tokenizer and pg_trgm differ on CJK, short queries and case rules), so the application writes
 * the index tokens itself and both databases only split them on spaces:
 * - `search_tokens`: per field (name, English name, description, English description) every
 *   Latin word whole and every suffix of a word (see `fieldToken`), folded (lower-cased,
 *   width-folded, without diacritics): an index look-up is exact, and which field and whether a
 *   whole word matched is itself a look-up, so ranking needs no text;
 * - `search_text`: the words, the source of the typo vocabulary;
 * - `norm_*`: each name and description normalised the same way, words separated by single
 *   spaces with a space at both ends, which multi-word ranking reads.
 * Same tokens on both databases give the same results by construction.
 */

const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
const WORD_PATTERN = new RegExp(`[${CJK}]+|(?:(?![${CJK}])[\\p{L}\\p{N}])+`, 'gu');
const CJK_RUN = new RegExp(`^[${CJK}]+$`, 'u');
/** A keyword never has more terms than this (each costs index look-ups). */
export const MAX_TERMS = 8;
/** A longer term is cut: no product word is this long, and it bounds the look-up per term. */
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

/** The text multi-word ranking reads: ' word word ' (single spaces, one at each end). */
export function normalisedField(text: string): string {
  const list = words(text);
  return list.length ? ` ${list.join(' ')} ` : '';
}

export interface SearchColumns {
  search_text: string;
  search_tokens: string;
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

/** The texts a search looks in, each with the one-letter code its index tokens carry. */
export const SEARCH_FIELDS = {
  name: 'a',
  name_en: 'b',
  description: 'c',
  description_en: 'd',
} as const;
export type SearchField = keyof typeof SEARCH_FIELDS;

/**
 * An index token of one field: `<field>w:<word>` for a whole Latin word, `<field>s:<suffix>` for
 * a suffix of a word (Latin suffixes of 3+ letters, every suffix of a CJK run). A fragment is a
 * prefix of some suffix, so a prefix look-up (`as:phone*`) finds exactly the products whose name
 * holds "phone" inside a word: no candidate needs confirming against the text.
 */
export const fieldToken = (field: SearchField, kind: 'w' | 's', text: string) =>
  `${SEARCH_FIELDS[field]}${kind}:${text}`;

/**
 * The tokens of one field. No token is longer than a term can be: a suffix is cut to
 * MAX_TERM_LENGTH (a term is a prefix of the suffix iff it is one of the cut suffix), and a longer
 * word keeps its cut start with a trailing ':' so word starts still find it but no term equals it.
 */
function fieldTokens(field: SearchField, text: string, into: Set<string>): void {
  for (const word of words(text)) {
    const chars = Array.from(word);
    const cjk = isCjk(word);
    if (!cjk) {
      const long = chars.length > MAX_TERM_LENGTH;
      into.add(fieldToken(field, 'w', long ? `${chars.slice(0, MAX_TERM_LENGTH).join('')}:` : word));
    }
    const shortest = cjk ? 1 : 3;
    for (let i = 0; i + shortest <= chars.length; i += 1) {
      into.add(fieldToken(field, 's', chars.slice(i, i + MAX_TERM_LENGTH).join('')));
    }
  }
}

/** Every search column of a product, from its names and descriptions. */
export function searchColumns(texts: ProductTexts): SearchColumns {
  const vocabulary = new Set(
    words(`${texts.name} ${texts.name_en} ${texts.description} ${texts.description_en}`),
  );
  const tokens = new Set<string>();
  for (const field of Object.keys(SEARCH_FIELDS) as SearchField[]) fieldTokens(field, texts[field], tokens);
  return {
    search_text: Array.from(vocabulary).join(' '),
    search_tokens: Array.from(tokens).join(' '),
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
