import { skipToken } from '@apollo/client/react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { GoodsDetailPageDocument } from '../../__generated__/graphql.ts';
import { useDocumentTitle } from '../../app/NavigationEffects.tsx';
import { useRouteQuery } from '../../app/route-data.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { detailColumns } from '../../components/grid.ts';
import { errorCode, errorMessageKey } from '../../features/page/errors.ts';
import { PageWrap, Panel } from '../../features/page/Page.tsx';
import { ProductBuyBox } from '../../features/product/ProductBuyBox.tsx';
import { ProductGallery } from '../../features/product/ProductGallery.tsx';
import { isProductId } from '../../features/product/product-id.ts';
import './goods-messages.ts';

const Layout = styled.div`
  ${detailColumns}
`;

const Description = styled(Panel)`
  margin-top: 24px;
  h2 {
    margin: 0 0 12px;
    font-size: ${({ theme }) => theme.fontSizes.lg}px;
  }
  p {
    margin: 0;
    line-height: 1.7;
    white-space: pre-line;
    color: ${({ theme }) => theme.colors.textSecondary};
  }
`;

/**
 * Goods detail (/goods/detail/:productId and /category/goods-detail/:productId). A product that
 * is gone or off the shelf is an answer, shown here; any other failure goes to the route's retry.
 */
export default function GoodsDetailPage() {
  const intl = useIntl();
  const { productId } = useParams();
  const valid = isProductId(productId);
  const { data, error } = useRouteQuery(
    GoodsDetailPageDocument,
    // silent: the refusal is this page's own message, not a toast as well; any other failure
    // is the route's retry panel, which says it too
    valid
      ? { variables: { id: productId.trim() }, errorPolicy: 'all', context: { silent: true } }
      : skipToken,
  );

  const code = errorCode(error);
  const product = data?.product;
  // What the page says instead of a product; its title says it too, as the server's head does.
  const refused: 'goods.idMissing' | 'goods.offShelf' | 'goods.notFound' | null = !valid
    ? 'goods.idMissing'
    : // The gateway refuses an off-shelf product as BAD_USER_INPUT with the service's key catalogue.offShelf.
      code === 'BAD_USER_INPUT' && errorMessageKey(error) === 'catalogue.offShelf'
      ? 'goods.offShelf'
      : code === 'NOT_FOUND'
        ? 'goods.notFound'
        : error
          ? null
          : !product
            ? 'goods.notFound'
            : !product.onShelf
              ? 'goods.offShelf'
              : null;
  useDocumentTitle(refused ? intl.formatMessage({ id: refused }) : product?.name);

  if (refused)
    return (
      <PageWrap>
        <EmptyState
          title={intl.formatMessage({ id: refused })}
          action={<Link to="/home">{intl.formatMessage({ id: 'goods.backHome' })}</Link>}
        />
      </PageWrap>
    );
  if (error || !product) throw error;

  return (
    <PageWrap>
      <Layout>
        <ProductGallery product={product} />
        <ProductBuyBox product={product} />
      </Layout>
      {product.description && (
        <Description as="section" aria-labelledby="goods-description">
          <h2 id="goods-description">{intl.formatMessage({ id: 'goods.description' })}</h2>
          <p>{product.description}</p>
        </Description>
      )}
    </PageWrap>
  );
}
