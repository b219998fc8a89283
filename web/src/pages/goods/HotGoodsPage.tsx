import { useQuery } from '@apollo/client/react';
import { useIntl } from 'react-intl';
import { HotGoodsPageDocument } from '../../__generated__/graphql.ts';
import { ProductListScreen } from '../../features/product/ProductListScreen.tsx';
import { useListParams } from '../../features/product/useListParams.ts';

/** Hot goods, best-selling first, paged (?page=2). */
export default function HotGoodsPage() {
  const intl = useIntl();
  const { pageNum, pageSize, setPage } = useListParams();
  const { data, previousData, loading, error, refetch } = useQuery(HotGoodsPageDocument, {
    variables: { page: { pageNum, pageSize } },
  });
  return (
    <ProductListScreen
      title={intl.formatMessage({ id: 'goods.hot' })}
      page={(data ?? previousData)?.hotProducts}
      loading={loading}
      error={error}
      onRetry={() => void refetch()}
      onPageChange={setPage}
    />
  );
}
