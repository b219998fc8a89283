import { useQuery } from '@apollo/client/react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { SearchResultPageDocument } from '../../__generated__/graphql.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { PageHeading, PageWrap } from '../../features/page/Page.tsx';
import { ProductListScreen } from '../../features/product/ProductListScreen.tsx';
import { useListParams } from '../../features/product/useListParams.ts';

const Count = styled.p`
  margin: -8px 0 12px;
  color: ${({ theme }) => theme.colors.textSecondary};
  font-size: ${({ theme }) => theme.fontSizes.sm}px;
`;

/** Search results: /category/search-result?keyword=…&sort=…&page=… */
export default function SearchResultPage() {
  const intl = useIntl();
  const { sort, pageNum, pageSize, setSort, setPage, params } = useListParams();
  const keyword = (params.get('keyword') ?? '').trim();
  const { data, previousData, loading, error, refetch } = useQuery(SearchResultPageDocument, {
    variables: { keyword, sort, page: { pageNum, pageSize } },
    skip: keyword === '',
  });

  if (keyword === '') {
    return (
      <PageWrap>
        <PageHeading>{intl.formatMessage({ id: 'search.title' }, { keyword: '' })}</PageHeading>
        <EmptyState title={intl.formatMessage({ id: 'search.noKeyword' })} />
      </PageWrap>
    );
  }

  const page = (data ?? previousData)?.searchProducts;
  return (
    <ProductListScreen
      title={intl.formatMessage({ id: 'search.title' }, { keyword })}
      subtitle={
        page && (
          <Count aria-live="polite">
            {intl.formatMessage({ id: 'search.count' }, { total: page.total })}
          </Count>
        )
      }
      sort={sort}
      onSortChange={setSort}
      page={page}
      loading={loading}
      error={error}
      onRetry={() => void refetch()}
      onPageChange={setPage}
      detailBase="/category/goods-detail"
      empty={intl.formatMessage({ id: 'search.empty' }, { keyword })}
    />
  );
}
