import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { ProductBuyBox_ProductFragmentDoc } from '../../__generated__/graphql.ts';
import { useFragment } from '../../app/fragment.ts';
import { useRequireLogin } from '../../auth/useRequireLogin.ts';
import { Button } from '../../components/Button.tsx';
import { FormAlert } from '../../components/form/FormAlert.tsx';
import { useFormResult } from '../../components/form/server-result.ts';
import { factGrid } from '../../components/grid.ts';
import { Money } from '../../components/Money.tsx';
import { QuantityInput } from '../../components/QuantityInput.tsx';
import { formatSalesCount } from '../../lib/sales-count.ts';
import { mobileQuery } from '../../theme.ts';
import { useAddToCart } from '../cart/useAddToCart.ts';
import { VisuallyHidden } from '../page/Page.tsx';
import type { ProductRef } from './product-ref.ts';
import '../../pages/goods/goods-messages.ts';
import './messages.ts'; // the original price's label

const Box = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

const Name = styled.h1`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xxl}px;
  font-weight: 600;
  line-height: 1.3;
`;

const PriceBox = styled.div`
  padding: 12px 16px;
  background: ${({ theme }) => theme.colors.primaryLight};
  border-radius: ${({ theme }) => theme.radii.md}px;
  display: flex;
  align-items: baseline;
  gap: 10px;
`;

const Price = styled(Money)`
  color: ${({ theme }) => theme.colors.primaryStrong};
  font-size: 28px;
  font-weight: 700;
`;

const Original = styled.s`
  color: ${({ theme }) => theme.colors.muted};
`;

const Facts = styled.dl`
  ${factGrid}
  grid-template-columns: auto 1fr;
  gap: 8px 16px;
  margin: 0;
`;

// On a phone the buttons stay in reach: a bar stuck above the tab bar, both buttons sharing it.
const Actions = styled.div`
  display: flex;
  gap: 12px;
  flex-wrap: wrap;
  ${mobileQuery} {
    position: sticky;
    bottom: ${({ theme }) => theme.layout.tabBarHeight}px;
    z-index: 5;
    flex-wrap: nowrap;
    margin: 0 -10px;
    padding: 8px 10px;
    background: ${({ theme }) => theme.colors.surface};
    box-shadow: 0 -2px 8px rgba(0, 0, 0, 0.08);
    button {
      flex: 1;
      min-width: 0;
    }
  }
`;

/** The quantity and the buttons are one form: without JavaScript it adds to the cart on the server. */
const BuyForm = styled.form`
  display: contents;
`;

/**
 * Price, stock, the quantity (1 … stock) and the purchase buttons. Adding to the cart and buying
 * need an account: visitors get the login prompt. Buy now goes to /order/confirm with the product.
 */
export function ProductBuyBox({ product: ref }: { product: ProductRef }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const requireLogin = useRequireLogin();
  const { addToCart, loading } = useAddToCart();
  const [quantity, setQuantity] = useState(1);
  // a form sent without JavaScript that the server refused (beyond the stock, say)
  const refused = useFormResult('addToCart');
  const { data: product, complete } = useFragment({
    fragment: ProductBuyBox_ProductFragmentDoc,
    fragmentName: 'ProductBuyBox_product',
    from: ref,
  });
  if (!complete) return null;
  const purchasable = product.onShelf && product.stock > 0;
  const bounded = Math.min(quantity, Math.max(1, product.stock));

  const add = () => {
    if (!requireLogin()) return;
    void addToCart(product.id, bounded);
  };
  const refusal =
    refused &&
    (refused.message ?? (refused.messageId ? intl.formatMessage({ id: refused.messageId }) : null));
  const buy = () => {
    if (!requireLogin()) return;
    navigate(`/order/confirm?productId=${encodeURIComponent(product.id)}&quantity=${bounded}`);
  };

  return (
    <Box>
      <Name>{product.name}</Name>
      <PriceBox>
        <span>{intl.formatMessage({ id: 'goods.price' })}</span>
        <Price value={product.price} />
        {product.originalPrice && product.originalPrice.fen > product.price.fen && (
          <Original>
            <VisuallyHidden>{intl.formatMessage({ id: 'product.originalPrice' })} </VisuallyHidden>
            <Money value={product.originalPrice} />
          </Original>
        )}
      </PriceBox>
      {/* Sent by the browser only without JavaScript (the page's own URL runs its action). */}
      <BuyForm
        method="post"
        onSubmit={(event) => {
          event.preventDefault();
          add();
        }}
      >
        <input type="hidden" name="productId" value={product.id} />
        {refusal && <FormAlert>{refusal}</FormAlert>}
        <Facts>
          <dt>{intl.formatMessage({ id: 'goods.stock' })}</dt>
          <dd data-testid="stock">
            {intl.formatMessage({ id: 'goods.stockCount' }, { count: product.stock })}
          </dd>
          <dt>{intl.formatMessage({ id: 'goods.sales' })}</dt>
          <dd>{formatSalesCount(product.sales, intl.locale)}</dd>
          <dt>{intl.formatMessage({ id: 'goods.quantity' })}</dt>
          <dd>
            <QuantityInput
              value={bounded}
              min={1}
              max={Math.max(1, product.stock)}
              disabled={!purchasable}
              onChange={setQuantity}
              aria-label={intl.formatMessage({ id: 'goods.quantity' })}
              name="quantity"
            />
          </dd>
        </Facts>
        <Actions>
          <Button size="lg" type="submit" loading={loading} disabled={!purchasable}>
            {intl.formatMessage({ id: 'goods.addToCart' })}
          </Button>
          {/* Without JavaScript the form goes to the confirm page: ?productId=…&quantity=… */}
          <Button
            size="lg"
            variant="primary"
            type="submit"
            formMethod="get"
            formAction="/order/confirm"
            onClick={(event) => {
              event.preventDefault();
              buy();
            }}
            disabled={!purchasable}
          >
            {purchasable
              ? intl.formatMessage({ id: 'goods.buyNow' })
              : intl.formatMessage({ id: 'goods.soldOut' })}
          </Button>
        </Actions>
      </BuyForm>
    </Box>
  );
}
