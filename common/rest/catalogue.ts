import type { MoneyFen, RestPage } from './page.ts';

/** Catalogue: the category tree and products. */

/** `default` is `relevance` when a keyword is given, else by id. */
export type RestProductSort = 'default' | 'relevance' | 'priceAsc' | 'priceDesc' | 'sales' | 'newest';

/** GET /shop/category/list (a tree) */
export interface RestCategory {
  id: number;
  name: string;
  cardName: string;
  icon: string;
  parentId?: number | null;
  children?: RestCategory[];
}

/** GET /shop/product/:id, the records of /shop/product/page|hot|new, /shop/product/batch */
export interface RestProduct {
  id: number;
  categoryId: number;
  categoryName?: string | null;
  cardName?: string | null;
  name: string;
  description: string;
  price: MoneyFen;
  originalPrice: MoneyFen | null;
  stock: number;
  sales: number;
  image: string;
  images: string[];
  onShelf: boolean;
  listedAt: string | null;
  /** Present on keyword searches: where the keyword matched. */
  match?: RestProductMatch;
}

/** GET /shop/product/page (and /hot, /new): a page of products. */
export interface RestProductPage extends RestPage<RestProduct> {
  /**
   * Present on a keyword search that found products only after correcting typos: the words
   * searched (a typed word that found nothing replaced by its nearest indexed word, the others
   * folded as searched), e.g. `smartphone` for `smartphnoe`.
   */
  interpretedKeyword?: string;
}

/** [start, end) in UTF-16 units of the text it belongs to. */
export interface RestTextRange {
  start: number;
  end: number;
}

export type RestMatchLanguage = 'shopper' | 'other';
export type RestSuggestionKind = 'category' | 'product';

/** Where a searched product matched the keyword. */
export interface RestProductMatch {
  /** `shopper`: in the name or description of the shopper's language; `other`: only elsewhere. */
  language: RestMatchLanguage;
  nameRanges: RestTextRange[];
  descriptionRanges: RestTextRange[];
  /** The name in the other language, when the match is only there. */
  otherName: string | null;
  otherNameRanges: RestTextRange[];
}

/** GET /shop/product/facets: counts over the products a search finds. */
export interface RestSearchFacets {
  /** Per category of the matching products (price filter applied, category filter not). */
  categories: Array<{ id: number; name: string; cardName: string; count: number }>;
  /** Per price band in fen, max exclusive and null for the top band (category filter applied, price not). */
  prices: Array<{ min: MoneyFen; max: MoneyFen | null; count: number }>;
}

/** GET /shop/search/suggestions: what a shopper may be typing. */
export interface RestSearchSuggestion {
  kind: RestSuggestionKind;
  text: string;
  ranges: RestTextRange[];
  /** The product's id (kind product). */
  productId: number | null;
  /** The category's slug (kind category). */
  cardName: string | null;
}
