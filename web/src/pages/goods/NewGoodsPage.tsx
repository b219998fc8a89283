import { useIntl } from 'react-intl';
import { NewGoodsPageDocument } from '../../__generated__/graphql.ts';
import { useRouteQuery } from '../../app/route-data.tsx';
import { ProductListScreen } from '../../features/product/ProductListScreen.tsx';
import { useListParams } from '../../features/product/useListParams.ts';
import './goods-messages.ts';

/** New arrivals, most recently listed first, paged (?page=2). */
export default function NewGoodsPage() {
  const intl = useIntl();
  const { pageNum, pageSize, setPage } = useListParams();
  const { data } = useRouteQuery(NewGoodsPageDocument, { variables: { page: { pageNum, pageSize } } });
  return (
    <ProductListScreen
      title={intl.formatMessage({ id: 'goods.new' })}
      page={data.newProducts}
      onPageChange={setPage}
    />
  );
}
