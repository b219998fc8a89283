import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { SearchTerm } from './search-text.ts';

/**
 * Typo tolerance, the same on both databases because it runs here: the vocabulary of indexed
 * Latin words (table `search_words`, filled whenever a product's text is written) is matched by
 * edit distance, and the corrected words are then looked up in the index like typed ones.
 * Words of 5–8 letters allow one typo, longer words two; shorter words must be typed right.
 */

/** How many edits a query word of this length may carry. */
export function typoAllowance(length: number): number {
  if (length >= 9) return 2;
  if (length >= 5) return 1;
  return 0;
}

/** Optimal-string-alignment distance (a swap of neighbours counts one), or max + 1 once over. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, before[j - 2] + 1);
      }
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length];
}

/** At most this many corrections per word, nearest first: bounds the index look-ups. */
const MAX_CORRECTIONS = 5;

/** The characters of a word as bits (a character's code modulo 32). */
function letterMask(word: string): number {
  let mask = 0;
  for (let i = 0; i < word.length; i += 1) mask |= 1 << (word.charCodeAt(i) & 31);
  return mask;
}

function bitCount(value: number): number {
  let n = value - ((value >>> 1) & 0x55555555);
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333);
  return (((n + (n >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * Whether two words may be within `max` edits: each character one word has and the other lacks
 * takes an edit of its own (a transposition adds none), and the masks only merge characters, so
 * more missing bits than `max` rule a candidate out before the distance is computed.
 */
const mayBeNear = (a: number, b: number, max: number) => bitCount(a & ~b) <= max && bitCount(b & ~a) <= max;

/**
 * The vocabulary of one process, grouped by word length. New words are read incrementally (by
 * id), so every instance of a cluster sees words another instance indexed.
 */
class Vocabulary {
  private byLength = new Map<number, Array<{ word: string; mask: number }>>();
  private lastId = 0;
  private loading: Promise<void> | null = null;

  async refresh(db: Kysely<Database>): Promise<void> {
    if (this.loading) return this.loading;
    this.loading = (async () => {
      const rows = await db
        .selectFrom('search_words')
        .select(['id', 'word'])
        .where('id', '>', this.lastId)
        .orderBy('id')
        .execute();
      for (const row of rows) {
        const list = this.byLength.get(row.word.length) ?? [];
        list.push({ word: row.word, mask: letterMask(row.word) });
        this.byLength.set(row.word.length, list);
        this.lastId = Math.max(this.lastId, row.id);
      }
    })().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  corrections(word: string): string[] {
    const max = typoAllowance(word.length);
    if (!max) return [];
    const found: Array<{ word: string; distance: number }> = [];
    const mask = letterMask(word);
    for (let length = word.length - max; length <= word.length + max; length += 1) {
      for (const entry of this.byLength.get(length) ?? []) {
        const candidate = entry.word;
        if (candidate === word || !mayBeNear(mask, entry.mask, max)) continue;
        const distance = editDistance(word, candidate, max);
        if (distance <= max) found.push({ word: candidate, distance });
      }
    }
    return found
      .sort((a, b) => a.distance - b.distance || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0))
      .slice(0, MAX_CORRECTIONS)
      .map((entry) => entry.word);
  }
}

const vocabularies = new WeakMap<Kysely<Database>, Vocabulary>();

/** Fills in each Latin term's corrections from the indexed vocabulary. */
export async function addCorrections(db: Kysely<Database>, terms: SearchTerm[]): Promise<SearchTerm[]> {
  if (!terms.some((term) => term.kind === 'latin' && typoAllowance(term.text.length) > 0)) return terms;
  let vocabulary = vocabularies.get(db);
  if (!vocabulary) {
    vocabulary = new Vocabulary();
    vocabularies.set(db, vocabulary);
  }
  await vocabulary.refresh(db);
  const known = vocabulary;
  return terms.map((term) =>
    term.kind === 'latin' ? { ...term, corrections: known.corrections(term.text) } : term,
  );
}

/** Records the words of products just written, for typo tolerance (existing words are kept). */
export async function rememberWords(db: Kysely<Database>, list: string[]): Promise<void> {
  const unique = Array.from(new Set(list));
  for (let i = 0; i < unique.length; i += 500) {
    await db
      .insertInto('search_words')
      .values(unique.slice(i, i + 500).map((word) => ({ word })))
      .onConflict((conflict) => conflict.column('word').doNothing())
      .execute();
  }
}
