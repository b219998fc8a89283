import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { ProductGrid_PageFragment } from '../../__generated__/graphql.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { EmptyPage, Pagination } from '../../components/Pagination.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { ProductList } from './ProductList.tsx';

const Loading = styled.div`
  display: flex;
  justify-content: center;
  padding: 48px 0;
  color: ${({ theme }) => theme.colors.primaryStrong};
`;

export interface ProductGridProps {
  page: ProductGrid_PageFragment | null | undefined;
  loading: boolean;
  error?: unknown;
  onRetry?: () => void;
  onPageChange: (pageNum: number) => void;
  detailBase?: string;
  label?: string;
  empty?: ReactNode;
}

/** One page of products with its pager, and the loading, empty and error states. */
export function ProductGrid({
  page,
  loading,
  error,
  onRetry,
  onPageChange,
  detailBase,
  label,
  empty,
}: ProductGridProps) {
  const intl = useIntl();
  if (!page) {
    if (error) return <ErrorState onRetry={onRetry} />;
    if (loading)
      return (
        <Loading>
          <Spinner size={28} />
        </Loading>
      );
    return null;
  }
  if (page.records.length === 0)
    return (
      <EmptyPage
        pageNum={page.pageNum}
        pageSize={page.pageSize}
        total={page.total}
        onChange={onPageChange}
        empty={<EmptyState title={empty ?? intl.formatMessage({ id: 'product.empty' })} />}
      />
    );
  return (
    <div aria-busy={loading || undefined}>
      <ProductList products={page.records} detailBase={detailBase} label={label} />
      <Pagination
        pageNum={page.pageNum}
        pageSize={page.pageSize}
        total={page.total}
        onChange={onPageChange}
      />
    </div>
  );
}
