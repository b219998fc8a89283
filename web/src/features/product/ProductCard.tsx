import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { ProductCard_ProductFragmentDoc } from '../../__generated__/graphql.ts';
import { useFragment } from '../../app/fragment.ts';
import { focusRing } from '../../components/focus-ring.ts';
import { Money } from '../../components/Money.tsx';
import { Picture } from '../../components/Picture.tsx';
import { formatSalesCount } from '../../lib/sales-count.ts';
import { theme } from '../../theme.ts';
import { VisuallyHidden } from '../page/Page.tsx';
import type { ProductRef } from './product-ref.ts';
import './messages.ts'; // the product list's texts

/** How wide a card shows its picture: two cards a row on a phone, about 240 px in the wider grids. */
export const PRODUCT_CARD_SIZES = `(max-width: ${theme.breakpoints.mobile}px) 50vw, 240px`;

const Card = styled.article`
  display: flex;
  flex-direction: column;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.md}px;
  box-shadow: ${({ theme }) => theme.shadows.card};
  overflow: hidden;
  transition: box-shadow 0.15s, transform 0.15s;
  &:hover,
  &:focus-within {
    box-shadow: ${({ theme }) => theme.shadows.popup};
    transform: translateY(-2px);
  }
`;

const ImageLink = styled(Link)`
  display: block;
  aspect-ratio: 1 / 1;
  background: ${({ theme }) => theme.colors.background};
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
    display: block;
  }
`;

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  padding: 10px 12px 12px;
`;

const Name = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.md}px;
  font-weight: 500;
  line-height: 1.4;
  min-height: 2.8em;
  display: -webkit-box;
  -webkit-line-clamp: 2;
  -webkit-box-orient: vertical;
  overflow: hidden;
  a {
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
  }
  a:hover {
    color: ${({ theme }) => theme.colors.primaryStrong};
  }
  a:focus-visible {
    ${focusRing}
  }
`;

const PriceRow = styled.div`
  display: flex;
  align-items: baseline;
  gap: 6px;
  flex-wrap: wrap;
`;

const Price = styled(Money)`
  color: ${({ theme }) => theme.colors.primaryStrong};
  font-size: ${({ theme }) => theme.fontSizes.lg}px;
  font-weight: 600;
`;

const Original = styled.s`
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.xs}px;
`;

const Meta = styled.div`
  display: flex;
  justify-content: space-between;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.xs}px;
`;

const Badge = styled.span`
  color: ${({ theme }) => theme.colors.warning};
`;

export interface ProductCardProps {
  /** The product; the card reads its own fields (`ProductCard_product`) from the cache. */
  product: ProductRef;
  /** Where the detail route lives: '/goods/detail' (default) or '/category/goods-detail'. */
  detailBase?: string;
  /** The name as shown (e.g. with search matches marked); default the plain name. */
  name?: ReactNode;
  /** A line under the name (e.g. why a search found the product). */
  note?: ReactNode;
  /** The name's heading level: 2 when the list sits right under the page's h1, 3 under a section's h2. */
  headingLevel?: 2 | 3;
  /** The page's lead picture (preloaded by the server): loaded at once, never lazily. */
  lead?: boolean;
}

/** One product in a grid: image, name, price, sales; links to its detail page. */
export function ProductCard({
  product: ref,
  detailBase = '/goods/detail',
  name,
  note,
  headingLevel = 3,
  lead = false,
}: ProductCardProps) {
  const intl = useIntl();
  const { data: product, complete } = useFragment({
    fragment: ProductCard_ProductFragmentDoc,
    fragmentName: 'ProductCard_product',
    from: ref,
  });
  if (!complete) return null;
  const href = `${detailBase}/${encodeURIComponent(product.id)}`;
  const status = !product.onShelf
    ? intl.formatMessage({ id: 'product.offShelf' })
    : product.stock <= 0
      ? intl.formatMessage({ id: 'product.soldOut' })
      : null;
  return (
    <Card aria-labelledby={`product-${product.id}-name`} data-testid="product-card">
      <ImageLink to={href} tabIndex={-1} aria-hidden="true">
        <Picture
          image={product.featuredImage}
          alt=""
          loading={lead ? undefined : 'lazy'}
          fetchPriority={lead ? 'high' : undefined}
          width={240}
          height={240}
          sizes={PRODUCT_CARD_SIZES}
        />
      </ImageLink>
      <Body>
        <Name as={headingLevel === 2 ? 'h2' : 'h3'} id={`product-${product.id}-name`}>
          <Link to={href}>{name ?? product.name}</Link>
        </Name>
        {note}
        <PriceRow>
          <Price value={product.price} />
          {product.originalPrice && product.originalPrice.fen > product.price.fen && (
            <Original>
              {/* a label inside: aria-label is not allowed on <s>, and a reader must hear which price this is */}
              <VisuallyHidden>{intl.formatMessage({ id: 'product.originalPrice' })} </VisuallyHidden>
              <Money value={product.originalPrice} />
            </Original>
          )}
        </PriceRow>
        <Meta>
          <span>
            {intl.formatMessage(
              { id: 'product.sales' },
              { count: formatSalesCount(product.sales, intl.locale) },
            )}
          </span>
          {status && <Badge>{status}</Badge>}
        </Meta>
      </Body>
    </Card>
  );
}
