import type { ReactNode } from 'react';
import type { ProductGrid_PageFragment, ProductSort } from '../../__generated__/graphql.ts';
import { PageHeading, PageWrap } from '../page/Page.tsx';
import { ProductGrid } from './ProductGrid.tsx';
import { SortBar } from './SortBar.tsx';

export interface ProductListScreenProps {
  /** Where the list sits (e.g. a category's parents), above the title. */
  breadcrumb?: ReactNode;
  title: ReactNode;
  /** Shown under the title (e.g. the number of search results). */
  subtitle?: ReactNode;
  /** Extra content between the title and the list (e.g. sub-category links). */
  children?: ReactNode;
  sort?: ProductSort;
  onSortChange?: (sort: ProductSort) => void;
  page: ProductGrid_PageFragment | null | undefined;
  loading: boolean;
  error?: unknown;
  onRetry: () => void;
  onPageChange: (pageNum: number) => void;
  detailBase?: string;
  empty?: ReactNode;
}

/** The screen of a product list: title, optional sort bar, the grid with paging and its states. */
export function ProductListScreen({
  breadcrumb,
  title,
  subtitle,
  children,
  sort,
  onSortChange,
  page,
  loading,
  error,
  onRetry,
  onPageChange,
  detailBase,
  empty,
}: ProductListScreenProps) {
  return (
    <PageWrap>
      {breadcrumb}
      <PageHeading>{title}</PageHeading>
      {subtitle}
      {children}
      {sort && onSortChange && <SortBar value={sort} onChange={onSortChange} />}
      <ProductGrid
        page={page}
        loading={loading}
        error={error}
        onRetry={onRetry}
        onPageChange={onPageChange}
        detailBase={detailBase}
        label={typeof title === 'string' ? title : undefined}
        empty={empty}
      />
    </PageWrap>
  );
}
