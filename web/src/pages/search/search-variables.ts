import type { ProductSort } from '../../__generated__/graphql.ts';
import { listParamsOf } from '../../features/product/useListParams.ts';
import { type PriceBand, parsePriceBand } from './SearchFacets.tsx';

/**
 * What a search address asks for (`?keyword=…&category=…&price=…&sort=…&page=…`): the words, the
 * narrowing, and the query's variables. The screen and its server module (the head's picture)
 * read the same ones, so the head finds the answer the screen rendered.
 */
export function searchOf(params: URLSearchParams): {
  keyword: string;
  category: string | null;
  price: PriceBand | null;
  variables: {
    keyword: string;
    sort: ProductSort;
    filter: { cardName: string | null; minPrice: number | null; maxPrice: number | null };
    page: { pageNum: number; pageSize: number };
  };
} {
  const { sort, pageNum, pageSize } = listParamsOf(params);
  const keyword = (params.get('keyword') ?? '').trim();
  const category = params.get('category') || null;
  const price = parsePriceBand(params.get('price'));
  return {
    keyword,
    category,
    price,
    variables: {
      keyword,
      sort,
      filter: { cardName: category, minPrice: price?.min ?? null, maxPrice: price?.max ?? null },
      page: { pageNum, pageSize },
    },
  };
}
