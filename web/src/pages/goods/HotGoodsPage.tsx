import { useIntl } from 'react-intl';
import { HotGoodsPageDocument } from '../../__generated__/graphql.ts';
import { useRouteQuery } from '../../app/route-data.tsx';
import { ProductListScreen } from '../../features/product/ProductListScreen.tsx';
import { useListParams } from '../../features/product/useListParams.ts';
import './goods-messages.ts';

/** Hot goods, best-selling first, paged (?page=2). */
export default function HotGoodsPage() {
  const intl = useIntl();
  const { pageNum, pageSize, setPage } = useListParams();
  const { data } = useRouteQuery(HotGoodsPageDocument, { variables: { page: { pageNum, pageSize } } });
  return (
    <ProductListScreen
      title={intl.formatMessage({ id: 'goods.hot' })}
      page={data.hotProducts}
      onPageChange={setPage}
    />
  );
}
