import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ProductSort } from '../../__generated__/graphql.ts';
import { DEFAULT_PAGE_SIZE } from '../../components/Pagination.tsx';
import { SORTS } from './SortBar.tsx';

/** URL values of the sort (REST style, readable in links): ?sort=priceAsc. */
const URL_SORT: Record<ProductSort, string> = {
  DEFAULT: 'default',
  PRICE_ASC: 'priceAsc',
  PRICE_DESC: 'priceDesc',
  SALES: 'sales',
  NEWEST: 'newest',
};

export function parseSort(value: string | null): ProductSort {
  return SORTS.find((sort) => URL_SORT[sort] === value) ?? 'DEFAULT';
}

export function parsePage(value: string | null): number {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n >= 1 ? n : 1;
}

/**
 * The sort and page of a product list, kept in the URL (`?sort=sales&page=2`) so reloads, shared
 * links and the back button keep them. Changing the sort goes back to page 1.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const sort = parseSort(params.get('sort'));
  const pageNum = parsePage(params.get('page'));

  const update = useCallback(
    (changes: Record<string, string | null>) => {
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      });
    },
    [setParams],
  );

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

  return { sort, pageNum, pageSize: DEFAULT_PAGE_SIZE, setSort, setPage, params };
}
