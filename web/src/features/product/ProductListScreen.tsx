import type { ReactNode } from 'react';
import type { ProductSort } from '../../__generated__/graphql.ts';
import { PageHeading, PageWrap } from '../page/Page.tsx';
import { ProductGrid, type ProductPageData } from './ProductGrid.tsx';
import { SortBar } from './SortBar.tsx';
import { useListHrefs } from './useListParams.ts';

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
  page: ProductPageData;
  onPageChange: (pageNum: number) => void;
  detailBase?: string;
  empty?: ReactNode;
}

/** The screen of a product list: title, optional sort bar, the grid with paging or its empty state. */
export function ProductListScreen({
  breadcrumb,
  title,
  subtitle,
  children,
  sort,
  onSortChange,
  page,
  onPageChange,
  detailBase,
  empty,
}: ProductListScreenProps) {
  const { sortHref, pageHref } = useListHrefs();
  return (
    <PageWrap>
      {breadcrumb}
      <PageHeading>{title}</PageHeading>
      {subtitle}
      {children}
      {sort && onSortChange && <SortBar value={sort} onChange={onSortChange} hrefOf={sortHref} />}
      <ProductGrid
        page={page}
        onPageChange={onPageChange}
        pageHref={pageHref}
        detailBase={detailBase}
        label={typeof title === 'string' ? title : undefined}
        empty={empty}
      />
    </PageWrap>
  );
}
