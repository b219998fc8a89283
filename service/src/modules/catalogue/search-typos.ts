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

/**
 * The vocabulary of one process, grouped by word length. New words are read incrementally (by
 * id), so every instance of a cluster sees words another instance indexed.
 */
class Vocabulary {
  private byLength = new Map<number, string[]>();
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
        list.push(row.word);
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
    for (let length = word.length - max; length <= word.length + max; length += 1) {
      for (const candidate of this.byLength.get(length) ?? []) {
        if (candidate === word) continue;
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
