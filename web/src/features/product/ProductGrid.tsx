import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { EmptyState } from '../../components/EmptyState.tsx';
import { EmptyPage, Pagination, pagingOf } from '../../components/Pagination.tsx';
import { ProductList } from './ProductList.tsx';
import type { ProductRef } from './product-ref.ts';
import './messages.ts'; // the product list's texts

/**
 * One page of a product list as the screen's own query selects it (`ProductPage` has no id, so
 * the screen reads the paging fields itself and each card reads its product).
 */
export interface ProductPageData {
  total: number;
  pageNum: number;
  pageSize: number;
  records: readonly ProductRef[];
}

export interface ProductGridProps {
  page: ProductPageData;
  onPageChange: (pageNum: number) => void;
  /** The address of a page of the list, for pager links that work without JavaScript. */
  pageHref?: (pageNum: number) => string;
  detailBase?: string;
  label?: string;
  empty?: ReactNode;
}

/**
 * One page of products with its pager, or the empty state (past the last page it offers the way
 * back). Loading and failures belong to the route around the screen.
 */
export function ProductGrid({ page, onPageChange, pageHref, detailBase, label, empty }: ProductGridProps) {
  const intl = useIntl();
  if (page.records.length === 0)
    return (
      <EmptyPage
        {...pagingOf(page)}
        onChange={onPageChange}
        hrefOf={pageHref}
        empty={<EmptyState title={empty ?? intl.formatMessage({ id: 'product.empty' })} />}
      />
    );
  return (
    <div>
      {/* the grid sits right under the screen's h1, and its first picture is the one the server preloads */}
      <ProductList products={page.records} detailBase={detailBase} label={label} headingLevel={2} lead />
      <Pagination {...pagingOf(page)} onChange={onPageChange} hrefOf={pageHref} />
    </div>
  );
}
