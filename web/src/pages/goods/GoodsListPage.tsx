import { useIntl } from 'react-intl';
import { GoodsListPageDocument } from '../../__generated__/graphql.ts';
import { useRouteQuery } from '../../app/route-data.tsx';
import { ProductListScreen } from '../../features/product/ProductListScreen.tsx';
import { useListParams } from '../../features/product/useListParams.ts';
import './goods-messages.ts';

/** Every product on the shelf, sorted and paged (?sort=priceAsc&page=2). */
export default function GoodsListPage() {
  const intl = useIntl();
  const { sort, pageNum, pageSize, setSort, setPage } = useListParams();
  const { data } = useRouteQuery(GoodsListPageDocument, {
    variables: { sort, page: { pageNum, pageSize } },
  });
  return (
    <ProductListScreen
      title={intl.formatMessage({ id: 'goods.list' })}
      sort={sort}
      onSortChange={setSort}
      page={data.products}
      onPageChange={setPage}
    />
  );
}
