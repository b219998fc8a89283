import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { AdminOrderDetailDocument } from '../../__generated__/graphql.ts';
import { useRouteQuery } from '../../app/route-data.tsx';
import { Permitted } from '../../auth/permissions.tsx';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Money } from '../../components/Money.tsx';
import { Picture } from '../../components/Picture.tsx';
import { orderLineList } from '../../features/order/order-lines.ts';
import { errorCode } from '../../features/page/errors.ts';
import type { MessageId } from '../../i18n/message-ids.ts';
import { useShopFormat } from '../../lib/format.ts';
import { mobileQuery } from '../../theme.ts';
import { AdminRefundRow, type RefundRef } from './AdminRefundsPage.tsx';
import { ReviewDialog } from './ReviewDialog.tsx';
import { ShipDialog } from './ShipDialog.tsx';
import { Actions, Badge, Fact, Facts, Screen } from './ui.tsx';
import './admin-messages.ts'; // this chunk's texts

const Lines = styled.ul`
  ${orderLineList}
  li {
    gap: 8px 12px;
    padding: 8px 0;
    ${mobileQuery} {
      grid-template-columns: 56px 1fr;
    }
  }
  span {
    min-width: 0;
    overflow-wrap: anywhere;
  }
`;

const Steps = styled.ol`
  margin: 0;
  padding-left: 20px;
  li {
    margin-bottom: 6px;
  }
  p {
    margin: 2px 0 0;
    color: ${({ theme }) => theme.colors.textSecondary};
  }
`;

const Top = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: center;
  gap: 8px;
  margin-bottom: 8px;
  a {
    color: ${({ theme }) => theme.colors.primaryStrong};
  }
`;

/**
 * /admin/orders/:orderId (hidden menu route; 待发货订单 stays highlighted): the order with its
 * buyer, address snapshot, lines, how it was shipped, payment attempts and refund history; ship
 * or review from here.
 */
export default function AdminOrderDetailPage() {
  const intl = useIntl();
  const format = useShopFormat();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const time = (iso: string | null | undefined) => format.dateTime(iso) || '—';
  const { orderId = '' } = useParams();
  const [reviewing, setReviewing] = useState<RefundRef | null>(null);
  const [shipping, setShipping] = useState(false);
  // No such order is the screen's own answer (NOT_FOUND); other failures go to the route's retry.
  const { data, error } = useRouteQuery(AdminOrderDetailDocument, {
    variables: { id: orderId },
    fetchPolicy: 'cache-and-network',
    errorPolicy: 'all',
  });
  const detail = data?.adminOrder;

  if (!detail) {
    if (error && errorCode(error) !== 'NOT_FOUND') throw error;
    return (
      <Screen>
        <EmptyState title={t('admin.detail.notFound')} />
        <Link to="/admin/orders">{t('admin.detail.back')}</Link>
      </Screen>
    );
  }
  const { order, buyer, payments, refunds, refundSteps } = detail;

  return (
    <Screen aria-labelledby="admin-detail-title">
      <Top>
        <Link to="/admin/orders">‹ {t('admin.detail.back')}</Link>
        <Actions>
          {order.actions.canShip && (
            <Permitted code="order:ship">
              <Button variant="primary" onClick={() => setShipping(true)}>
                {t('admin.ship')}
              </Button>
            </Permitted>
          )}
        </Actions>
      </Top>
      <h1 id="admin-detail-title">
        {t('admin.detail.title')} · {order.orderNo}
      </h1>

      <h2>{t('admin.detail.basics')}</h2>
      <Facts>
        <Fact label={t('admin.orders.filter')}>
          <Badge>{t(`orderStatus.${order.status}`)}</Badge>
        </Fact>
        <Fact label={t('admin.detail.paymentStatus')}>{t(`paymentStatus.${order.paymentStatus}`)}</Fact>
        <Fact label={t('admin.detail.paymentMethod')}>
          {order.paymentMethod ? t(`admin.method.${order.paymentMethod}`) : '—'}
        </Fact>
        <Fact label={t('admin.createdAt')}>{time(order.createdAt)}</Fact>
        <Fact label={t('admin.paidAt')}>{time(order.paidAt)}</Fact>
        <Fact label={t('admin.shippedAt')}>{time(order.shippedAt)}</Fact>
        {order.shipment && (
          <>
            <Fact label={t('admin.courier')}>{order.shipment.courierName}</Fact>
            <Fact label={t('admin.waybillNo')}>{order.shipment.waybillNo}</Fact>
          </>
        )}
        <Fact label={t('admin.receivedAt')}>{time(order.receivedAt)}</Fact>
        {order.cancelledAt && <Fact label={t('admin.cancelledAt')}>{time(order.cancelledAt)}</Fact>}
        <Fact label={t('admin.productAmount')}>
          <Money value={order.productAmount} />
        </Fact>
        <Fact label={t('admin.shippingFee')}>
          <Money value={order.shippingFee} />
        </Fact>
        <Fact label={t('admin.payable')}>
          <Money value={order.payableAmount} />
        </Fact>
        <Fact label={t('admin.paid')}>
          <Money value={order.paidAmount} />
        </Fact>
      </Facts>

      <h2>{t('admin.detail.buyer')}</h2>
      <Facts>
        <Fact label={t('admin.detail.account')}>{buyer.account}</Fact>
        <Fact label={t('admin.detail.name')}>{buyer.name || '—'}</Fact>
        <Fact label={t('admin.detail.phone')}>{buyer.phone || '—'}</Fact>
      </Facts>

      <h2>{t('admin.detail.address')}</h2>
      <Facts>
        <Fact label={t('admin.consignee')}>
          {order.address.recipient} {order.address.phone}
        </Fact>
        <Fact label={t('admin.detail.address')}>
          {order.address.city} {order.address.detail}
        </Fact>
      </Facts>

      <h2>{t('admin.detail.lines')}</h2>
      <Lines>
        {order.items.map((item) => (
          <li key={item.id}>
            <Picture image={item.featuredImage} alt="" sizes="56px" />
            <span>{item.name}</span>
            <span>
              <Money value={item.unitPrice} />
            </span>
            <span>×{item.quantity}</span>
            <span>
              <Money value={item.amount} />
            </span>
          </li>
        ))}
      </Lines>

      <h2>{t('admin.detail.payments')}</h2>
      {payments.length === 0 ? (
        <p>{t('admin.detail.noPayments')}</p>
      ) : (
        payments.map((payment) => (
          <Facts key={payment.id} aria-label={`${t('admin.detail.payments')} ${payment.id}`}>
            <Fact label={t('admin.detail.paymentMethod')}>{t(`admin.method.${payment.method}`)}</Fact>
            <Fact label={t('admin.detail.paymentAmount')}>
              <Money value={payment.amount} />
            </Fact>
            <Fact label={t('admin.detail.paymentStatus')}>{t(`paymentStatus.${payment.status}`)}</Fact>
            <Fact label={t('admin.detail.linkCreated')}>{time(payment.createdAt)}</Fact>
            <Fact label={t('admin.paidAt')}>{time(payment.paidAt)}</Fact>
          </Facts>
        ))
      )}

      <h2>{t('admin.detail.refunds')}</h2>
      {refunds.length === 0 ? (
        <p>{t('admin.detail.noRefunds')}</p>
      ) : (
        <>
          {refunds.map((refund) => (
            <AdminRefundRow key={refund.id} refund={refund} onReview={setReviewing} />
          ))}
          <h2>{t('admin.detail.steps')}</h2>
          <Steps>
            {refundSteps.map((step, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: steps have no id and never reorder
              <li key={index}>
                <strong>{t(`reviewStatus.${step.reviewStatus}`)}</strong>{' '}
                <time dateTime={step.at}>{time(step.at)}</time>
                {step.remark && <p>{step.remark}</p>}
              </li>
            ))}
          </Steps>
        </>
      )}
      {shipping && <ShipDialog order={order} onClose={() => setShipping(false)} />}
      {reviewing && <ReviewDialog refund={reviewing} onClose={() => setReviewing(null)} />}
    </Screen>
  );
}
