import { useQuery } from '@apollo/client/react';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { GoodsDetailPageDocument } from '../../__generated__/graphql.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { errorCode, errorMessageKey } from '../../features/page/errors.ts';
import { PageWrap, Panel } from '../../features/page/Page.tsx';
import { ProductBuyBox } from '../../features/product/ProductBuyBox.tsx';
import { ProductGallery } from '../../features/product/ProductGallery.tsx';
import { isProductId } from '../../features/product/product-id.ts';
import { mobileQuery } from '../../theme.ts';

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 440px) 1fr;
  gap: 32px;
  ${mobileQuery} {
    grid-template-columns: 1fr;
    gap: 16px;
  }
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

const Center = styled.div`
  display: flex;
  justify-content: center;
  padding: 64px 0;
  color: ${({ theme }) => theme.colors.primaryStrong};
`;

/** Goods detail (/goods/detail/:productId and /category/goods-detail/:productId). */
export default function GoodsDetailPage() {
  const intl = useIntl();
  const { productId } = useParams();
  const valid = isProductId(productId);
  const { data, error, refetch } = useQuery(GoodsDetailPageDocument, {
    variables: { id: valid ? productId.trim() : '' },
    skip: !valid,
  });

  const back = <Link to="/home">{intl.formatMessage({ id: 'goods.backHome' })}</Link>;
  if (!valid) {
    return (
      <PageWrap>
        <EmptyState title={intl.formatMessage({ id: 'goods.idMissing' })} action={back} />
      </PageWrap>
    );
  }

  const product = data?.product;
  if (!product) {
    const code = errorCode(error);
    let body: ReactNode;
    // The gateway refuses an off-shelf product as BAD_USER_INPUT with the service's key catalogue.offShelf.
    if (code === 'BAD_USER_INPUT' && errorMessageKey(error) === 'catalogue.offShelf')
      body = <EmptyState title={intl.formatMessage({ id: 'goods.offShelf' })} action={back} />;
    else if (code === 'NOT_FOUND' || (data && !error))
      body = <EmptyState title={intl.formatMessage({ id: 'goods.notFound' })} action={back} />;
    else if (error) body = <ErrorState onRetry={() => void refetch()} />;
    else
      body = (
        <Center>
          <Spinner size={32} />
        </Center>
      );
    return <PageWrap>{body}</PageWrap>;
  }

  if (!product.onShelf) {
    return (
      <PageWrap>
        <EmptyState title={intl.formatMessage({ id: 'goods.offShelf' })} action={back} />
      </PageWrap>
    );
  }

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
