import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { type OrderCard_OrderFragment, OrderCard_OrderFragmentDoc } from '../../__generated__/graphql.ts';
import { useFragment } from '../../app/fragment.ts';
import { Money } from '../../components/Money.tsx';
import { Picture } from '../../components/Picture.tsx';
import type { MessageId } from '../../i18n/message-ids.ts';
import { useShopFormat } from '../../lib/format.ts';
import { mobileQuery } from '../../theme.ts';
import { OrderActionBar } from './OrderActionBar.tsx';
import { amountKind, refundStateKey } from './order-state.ts';
import { orderDetailPath } from './paths.ts';
import './order-card-messages.ts'; // the order texts of this feature

const Card = styled.article`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md}px;
  margin-bottom: 12px;
  header,
  footer {
    display: flex;
    justify-content: space-between;
    align-items: center;
    flex-wrap: wrap;
    gap: 8px;
    padding: 8px 16px;
    background: ${({ theme }) => theme.colors.background};
    font-size: ${({ theme }) => theme.fontSizes.sm}px;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 8px 16px;
  }
  li {
    display: flex;
    align-items: center;
    gap: 12px;
    padding: 6px 0;
  }
  li img {
    width: 56px;
    height: 56px;
    flex-shrink: 0;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radii.sm}px;
  }
  li span:first-of-type {
    flex: 1;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  ${mobileQuery} {
    header,
    footer,
    ul {
      padding-left: 12px;
      padding-right: 12px;
    }
  }
`;

const Status = styled.strong`
  color: ${({ theme }) => theme.colors.primaryStrong};
`;

const Refund = styled.span`
  color: ${({ theme }) => theme.colors.warning};
  font-weight: 600;
`;

/** One order in "My order": lines, 应付款 or 实付款 (a cancelled unpaid order: its total, nothing due), its courier and waybill number once shipped, the refund state and the allowed actions. */
export function OrderCard({ order: from }: { order: { __typename: 'Order'; id: string } }) {
  const { data, complete } = useFragment({
    fragment: OrderCard_OrderFragmentDoc,
    fragmentName: 'OrderCard_order',
    from,
  });
  return complete ? <CardView order={data} /> : null;
}

function CardView({ order }: { order: OrderCard_OrderFragment }) {
  const intl = useIntl();
  const format = useShopFormat();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const amount = amountKind(order);
  const refund = refundStateKey(order);

  return (
    <Card aria-label={t('ucOrders.orderNo', { orderNo: order.orderNo })}>
      <header>
        <Link to={orderDetailPath(order.id)}>{t('ucOrders.orderNo', { orderNo: order.orderNo })}</Link>
        <span>{t('ucOrders.createdAt', { at: format.dateTime(order.createdAt) })}</span>
        <span>
          <Status>{t(`orderStatus.${order.status}`)}</Status>
          {refund && <Refund> · {t(refund)}</Refund>}
        </span>
        {order.shipment && (
          <span data-testid="order-shipment">
            {t('ucOrders.shipment', {
              courier: order.shipment.courierName,
              waybillNo: order.shipment.waybillNo,
            })}
          </span>
        )}
      </header>
      <ul>
        {order.items.map((item) => (
          <li key={item.id}>
            <Picture image={item.featuredImage} alt="" sizes="56px" loading="lazy" />
            <span>{item.name}</span>
            <Money value={item.unitPrice} />
            <span>{t('ucOrders.quantity', { quantity: item.quantity })}</span>
          </li>
        ))}
      </ul>
      <footer>
        <span>
          {t('order.items', { count: order.totalQuantity })} · {t(`order.${amount}`)}
          <Money value={amount === 'paid' ? order.paidAmount : order.payableAmount} />
        </span>
        <Link to={orderDetailPath(order.id)}>{t('order.detail')}</Link>
        <OrderActionBar order={order} />
      </footer>
    </Card>
  );
}
