import { restEnumValues } from '@shop/common/enum-values.ts';
import { DEFAULT_PAGE_SIZE } from '@shop/common/paging.ts';
import { useCallback } from 'react';
import type { ProductSort } from '../../__generated__/graphql.ts';
import { parsePage, useHrefWith, useUrlParams } from '../../lib/url-params.ts';
import { SORTS } from './SortBar.tsx';

/** URL values of the sort (the REST values, readable in links): ?sort=priceAsc. */
const URL_SORT: Record<ProductSort, string> = restEnumValues.ProductSort;

export function parseSort(value: string | null): ProductSort {
  return SORTS.find((sort) => URL_SORT[sort] === value) ?? 'DEFAULT';
}

/** The sort and page a list's address asks for (the screen's and the server render's reading). */
export function listParamsOf(params: URLSearchParams): {
  sort: ProductSort;
  pageNum: number;
  pageSize: number;
} {
  return {
    sort: parseSort(params.get('sort')),
    pageNum: parsePage(params.get('page')),
    pageSize: DEFAULT_PAGE_SIZE,
  };
}

/**
 * The sort and page of a product list, kept in the URL (`?sort=sales&page=2`) so reloads, shared
 * links and the back button keep them. Changing the sort goes back to page 1.
 */
export function useListParams() {
  const [params, update] = useUrlParams();
  const { sort, pageNum, pageSize } = listParamsOf(params);

  const setSort = useCallback(
    (next: ProductSort) => update({ sort: next === 'DEFAULT' ? null : URL_SORT[next], page: null }),
    [update],
  );
  const setPage = useCallback(
    (next: number) => {
      update({ page: next <= 1 ? null : String(next) });
      window.scrollTo?.({ top: 0 });
    },
    [update],
  );

  return { sort, pageNum, pageSize, setSort, setPage, params, update };
}

/** The addresses `setSort` and `setPage` go to, for the links of the sort bar and the pager. */
export function useListHrefs() {
  const hrefWith = useHrefWith();
  return {
    hrefWith,
    sortHref: (next: ProductSort) =>
      hrefWith({ sort: next === 'DEFAULT' ? null : URL_SORT[next], page: null }),
    pageHref: (next: number) => hrefWith({ page: next <= 1 ? null : String(next) }),
  };
}
