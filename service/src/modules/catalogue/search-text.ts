/**
 * Text-search tokens for products, shared by SQLite FTS5 and PostgreSQL tsvector.
 *
 * Chinese has no spaces, so neither database's tokenizer can find words inside a run of
 * characters. The app therefore writes `products.search_text` itself: lower-cased,
 * width-folded words, with every CJK run expanded into its single characters and overlapping
 * bigrams, all separated by spaces. Both databases then only split on spaces and index the
 * tokens as they are (FTS5 unicode61; PostgreSQL 'simple'). A keyword is turned into tokens
 * the same way and matched as an AND of tokens, so the text index does the work, never a scan.
 */

const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
const TOKEN_PATTERN = new RegExp(`[${CJK}]+|[\\p{L}\\p{N}]+`, 'gu');
const CJK_RUN = new RegExp(`^[${CJK}]+$`, 'u');
/** A keyword never costs more than this many index look-ups. */
export const MAX_QUERY_TOKENS = 16;

/** Width-folds (ＡＢ１ → ab1), drops diacritics (é → e) and lower-cases. */
export function normalise(input: string): string {
  return input
    .normalize('NFKC')
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

function words(input: string): string[] {
  return normalise(input).match(TOKEN_PATTERN) ?? [];
}

/** 'iphone15' → ['iphone', '15']; a word without letter/digit changes gives []. */
function letterDigitParts(word: string): string[] {
  const parts = word.split(/(\p{N}+)/u).filter(Boolean);
  return parts.length > 1 ? parts : [];
}

/** The indexed text of a product: names and descriptions in both languages. */
export function buildSearchText(...parts: Array<string | null | undefined>): string {
  const tokens = new Set<string>();
  for (const word of words(parts.filter(Boolean).join(' '))) {
    if (CJK_RUN.test(word)) {
      const chars = Array.from(word);
      for (const char of chars) tokens.add(char);
      for (let i = 0; i + 1 < chars.length; i += 1) tokens.add(chars[i] + chars[i + 1]);
    } else {
      tokens.add(word);
      for (const part of letterDigitParts(word)) tokens.add(part);
    }
  }
  return Array.from(tokens).join(' ');
}

export interface KeywordQuery {
  tokens: string[];
  /** The last token is a Latin word the shopper may still be typing: match it as a prefix. */
  prefixLast: boolean;
}

/**
 * Turns what a shopper typed into index tokens. A CJK run becomes consecutive bigrams
 * (华为手机 → 华为, 手机; an odd last character stays single): each is in the index whenever the
 * text holds the run, and words that meet at a run boundary in the query still match. Only
 * letters, digits and CJK characters survive, so no query syntax can be injected.
 */
export function parseKeyword(keyword: string): KeywordQuery {
  const tokens: string[] = [];
  let lastIsLatin = false;
  for (const word of words(keyword)) {
    if (CJK_RUN.test(word)) {
      const chars = Array.from(word);
      for (let i = 0; i < chars.length; i += 2) tokens.push(chars.slice(i, i + 2).join(''));
      lastIsLatin = false;
    } else {
      const parts = letterDigitParts(word);
      tokens.push(...(parts.length ? parts : [word]));
      lastIsLatin = true;
    }
  }
  const unique = Array.from(new Set(tokens));
  const limited = unique.slice(0, MAX_QUERY_TOKENS);
  const lastKept = limited.length === unique.length && unique.at(-1) === tokens.at(-1);
  return { tokens: limited, prefixLast: lastIsLatin && lastKept };
}

/** FTS5 MATCH expression: every token quoted (so `OR`, `*`, `"` are plain text), AND-ed. */
export function toFtsQuery({ tokens, prefixLast }: KeywordQuery): string {
  return tokens
    .map((token, i) => {
      const quoted = `"${token.replaceAll('"', '""')}"`;
      return prefixLast && i === tokens.length - 1 ? `${quoted}*` : quoted;
    })
    .join(' AND ');
}

/** to_tsquery('simple', …) input: every token quoted as a lexeme, AND-ed. */
export function toTsQuery({ tokens, prefixLast }: KeywordQuery): string {
  return tokens
    .map((token, i) => {
      const quoted = `'${token.replaceAll("'", "''").replaceAll('\\', '\\\\')}'`;
      return prefixLast && i === tokens.length - 1 ? `${quoted}:*` : quoted;
    })
    .join(' & ');
}
