import type { RestProductMatch, RestTextRange } from '@shop/common/rest/index.ts';
import { normalise, type SearchTerm } from './search-text.ts';

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** The normalised text of a display string with, for each of its UTF-16 units, where it came from. */
function normaliseWithOffsets(text: string): { folded: string; origin: number[]; ends: number[] } {
  let folded = '';
  const origin: number[] = [];
  const ends: number[] = [];
  let offset = 0;
  for (const char of text) {
    const part = normalise(char);
    for (let i = 0; i < part.length; i += 1) {
      origin.push(offset);
      ends.push(offset + char.length);
    }
    folded += part;
    offset += char.length;
  }
  return { folded, origin, ends };
}

const isWordChar = (char: string | undefined) => char !== undefined && WORD_CHAR.test(char);

/**
 * Where the terms occur in a display text, as [start, end) in UTF-16 units of that text, sorted
 * and merged: fragments for typed words (word starts only for 1–2 characters), whole words for
 * typo corrections.
 */
export function highlightRanges(text: string, terms: SearchTerm[]): RestTextRange[] {
  const { folded, origin, ends } = normaliseWithOffsets(text);
  const found: Array<[number, number]> = [];
  const collect = (needle: string, wholeWord: boolean, wordStart: boolean) => {
    for (let at = folded.indexOf(needle); at >= 0; at = folded.indexOf(needle, at + 1)) {
      const startsWord = !isWordChar(folded[at - 1]);
      const endsWord = !isWordChar(folded[at + needle.length]);
      if ((wholeWord && !(startsWord && endsWord)) || (wordStart && !startsWord)) continue;
      found.push([origin[at], ends[at + needle.length - 1]]);
    }
  };
  for (const term of terms) {
    collect(term.text, false, term.kind === 'short');
    for (const word of term.corrections) collect(word, true, false);
  }
  found.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: RestTextRange[] = [];
  for (const [start, end] of found) {
    const last = merged.at(-1);
    if (last && start <= last.end) last.end = Math.max(last.end, end);
    else merged.push({ start, end });
  }
  return merged;
}

interface Texts {
  name: string;
  description: string;
  otherName: string;
  otherDescription: string;
}

/** How a product matched, for the result list: ranges in the shopper's language, or why not. */
export function describeMatch(texts: Texts, terms: SearchTerm[]): RestProductMatch {
  const nameRanges = highlightRanges(texts.name, terms);
  const descriptionRanges = highlightRanges(texts.description, terms);
  if (nameRanges.length || descriptionRanges.length) {
    return { language: 'shopper', nameRanges, descriptionRanges, otherName: null, otherNameRanges: [] };
  }
  const otherNameRanges = highlightRanges(texts.otherName, terms);
  return {
    language: 'other',
    nameRanges,
    descriptionRanges,
    otherName: texts.otherName,
    otherNameRanges,
  };
}
