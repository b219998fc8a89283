import type { TextRange } from './Highlight.tsx';

/** At most this many entries in the header search's list. */
export const MAX_OPTIONS = 8;

/** One entry of the header search's list: a recent search, a category or a product. */
export interface Choice {
  key: string;
  text: string;
  ranges: readonly TextRange[];
  kind: 'recent' | 'CATEGORY' | 'PRODUCT';
  to: string;
  /** For a recent search: the words to search again. */
  keyword?: string;
}

/** The search results route; its `?keyword=` is the search (the header's form sends it there). */
export const SEARCH_ROUTE = '/category/search-result';

export const searchPath = (keyword: string) => `${SEARCH_ROUTE}?keyword=${encodeURIComponent(keyword)}`;
