import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { type OrderPreviewInput, OrderSummary_QueryFragmentDoc } from '../../__generated__/graphql.ts';
import { useFragment } from '../../app/fragment.ts';
import { Money } from '../../components/Money.tsx';
import { Picture } from '../../components/Picture.tsx';
import type { MessageId } from '../../i18n/message-ids.ts';
import { orderLineList } from '../order/order-lines.ts';
import { VisuallyHidden } from '../page/Page.tsx';
import './checkout-messages.ts'; // this screen's texts, loaded with its chunk

const Items = styled.ul`
  ${orderLineList}
  li {
    gap: 12px;
    padding: 10px 0;
  }
  img {
    background: ${({ theme }) => theme.colors.background};
  }
`;

const Amounts = styled.dl`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 6px 24px;
  margin: 16px 0 0 auto;
  max-width: 320px;
  dt {
    color: ${({ theme }) => theme.colors.textSecondary};
    text-align: right;
  }
  dd {
    margin: 0;
    text-align: right;
  }
  .payable {
    color: ${({ theme }) => theme.colors.primaryStrong};
    font-size: ${({ theme }) => theme.fontSizes.xl}px;
    font-weight: 700;
  }
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textSecondary};
`;

/**
 * The confirmed items (name, unit price, quantity, amount) and the order's amounts: the preview
 * the page's query loaded for `input`.
 */
export function OrderSummary({ input }: { input: OrderPreviewInput }) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const { data, complete } = useFragment({
    fragment: OrderSummary_QueryFragmentDoc,
    fragmentName: 'OrderSummary_query',
    from: 'ROOT_QUERY',
    variables: { input },
  });
  const preview = complete ? data.orderPreview : null;
  if (!preview) return null;
  return (
    <>
      <Items aria-label={t('checkout.items')}>
        {preview.items.map((item) => (
          <li key={`${item.productId}-${item.cartLineId ?? ''}`}>
            <Picture
              image={item.featuredImage}
              width={item.featuredImage.width ?? 56}
              height={item.featuredImage.height ?? 56}
              sizes="56px"
              alt=""
            />
            <span>{item.name}</span>
            <Muted>
              <VisuallyHidden>{t('checkout.unitPrice')} </VisuallyHidden>
              <Money value={item.unitPrice} />
            </Muted>
            <Muted>
              <VisuallyHidden>{t('checkout.quantity')} </VisuallyHidden>× {item.quantity}
            </Muted>
            <strong>
              <VisuallyHidden>{t('checkout.amount')} </VisuallyHidden>
              <Money value={item.amount} />
            </strong>
          </li>
        ))}
      </Items>
      <Amounts>
        <dt>{t('checkout.totalProduct')}</dt>
        <dd>{preview.totalQuantity}</dd>
        <dt>{t('checkout.productAmount')}</dt>
        <dd>
          <Money value={preview.productAmount} />
        </dd>
        <dt>{t('checkout.shippingFee')}</dt>
        <dd>
          <Money value={preview.shippingFee} />
        </dd>
        <dt>{t('checkout.payable')}</dt>
        <dd className="payable" data-testid="payable">
          <Money value={preview.payableAmount} />
        </dd>
      </Amounts>
    </>
  );
}
