import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { OrderDetail_OrderFragmentDoc } from '../../__generated__/graphql.ts';
import { useFragment } from '../../app/fragment.ts';
import { FormAlert } from '../../components/form/FormAlert.tsx';
import { useFormResult } from '../../components/form/server-result.ts';
import { factGrid } from '../../components/grid.ts';
import { Money } from '../../components/Money.tsx';
import { Picture } from '../../components/Picture.tsx';
import type { AfterSalesStepView } from '../../features/order/AfterSalesSteps.tsx';
import { AfterSalesList } from '../../features/order/AfterSalesSteps.tsx';
import { CopyButton } from '../../features/order/CopyButton.tsx';
import { OrderActionBar } from '../../features/order/OrderActionBar.tsx';
import { OrderConfirmStep } from '../../features/order/OrderConfirmStep.tsx';
import { type ConfirmStep, ORDER_FORM } from '../../features/order/order-forms.ts';
import { amountKind, isPaid, refundStateKey } from '../../features/order/order-state.ts';
import { PaymentCountdown } from '../../features/order/PaymentCountdown.tsx';
import { orderDetailPath } from '../../features/order/paths.ts';
import type { MessageId } from '../../i18n/message-ids.ts';
import '../../features/order/order-card-messages.ts'; // the order texts
import '../../features/order/shopper-messages.ts'; // this chunk's texts
import { SectionPanel } from '../../features/page/Page.tsx';
import { useShopFormat } from '../../lib/format.ts';
import { mobileQuery } from '../../theme.ts';
import { OrderTimeline } from './OrderTimeline.tsx';

const Block = styled(SectionPanel)`
  margin-bottom: 12px;
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 16px;
  strong {
    color: ${({ theme }) => theme.colors.primaryStrong};
    font-size: ${({ theme }) => theme.fontSizes.lg}px;
  }
`;

const Facts = styled.dl`
  ${factGrid}
  grid-template-columns: max-content 1fr;
  gap: 6px 16px;
  margin: 0;
  dd {
    overflow-wrap: anywhere;
  }
`;

const Lines = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    display: flex;
    align-items: center;
    gap: 12px;
    padding: 8px 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  img {
    width: 64px;
    height: 64px;
    flex-shrink: 0;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radii.sm}px;
  }
  li > span:first-of-type {
    flex: 1;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  ${mobileQuery} {
    li {
      flex-wrap: wrap;
    }
  }
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 12px;
  ${mobileQuery} {
    grid-template-columns: 1fr;
  }
`;

/**
 * One order of the shopper: status with the refund state, the order number (copy), a countdown
 * while unpaid, the courier and waybill number (copy) once shipped, the lines with pictures, product amount, shipping, payable and — only once paid —
 * the paid amount, payment method and time, and the refunded amount only once a refund was
 * approved; the address snapshot, the way the order went and the after-sales progress, with the
 * allowed actions.
 */
export function OrderDetailView({
  order: from,
  afterSales,
  onExpire,
  confirm = null,
  back,
}: {
  order: { __typename: 'Order'; id: string };
  afterSales: readonly AfterSalesStepView[];
  /** The payment deadline passed (the service cancels the order). */
  onExpire: () => void;
  /** The confirmation step asked for without JavaScript (`?confirm=`), shown in place of the actions. */
  confirm?: ConfirmStep | null;
  /** Where the step's 再想想 and its end lead (the order itself unless it was asked from elsewhere). */
  back?: string;
}) {
  const intl = useIntl();
  // an action of this order sent without JavaScript and refused (paying past its deadline, say)
  const refused = useFormResult(ORDER_FORM);
  const format = useShopFormat();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { data: order, complete } = useFragment({
    fragment: OrderDetail_OrderFragmentDoc,
    fragmentName: 'OrderDetail_order',
    from,
  });
  if (!complete) return null;
  const paid = isPaid(order);
  const refund = refundStateKey(order);
  // Money shown is money that moved: an application under review or rejected gave nothing back
  // (its reason and outcome are in the after-sales progress).
  const refundedAmount = order.refund?.reviewStatus === 'PASSED' ? order.refund.amount : null;
  return (
    <>
      <Block as="section" aria-labelledby="order-status">
        <Head>
          <strong id="order-status">
            {t(`orderStatus.${order.status}`)}
            {refund ? ` · ${t(refund)}` : ''}
          </strong>
          {order.status === 'PENDING' && order.paymentDeadline && (
            <PaymentCountdown deadline={order.paymentDeadline} onExpire={onExpire} />
          )}
        </Head>
        <Facts style={{ marginTop: 12 }}>
          <dt>{t('payResult.orderNo')}</dt>
          <dd>
            <span data-testid="order-no">{order.orderNo}</span>{' '}
            <CopyButton text={order.orderNo} label={t('order.copy')} />
          </dd>
          <dt>{t('orderDetail.createdAt')}</dt>
          <dd>{format.dateTime(order.createdAt)}</dd>
          {order.shipment && (
            <>
              <dt>{t('orderDetail.courier')}</dt>
              <dd data-testid="order-courier">{order.shipment.courierName}</dd>
              <dt>{t('orderDetail.waybillNo')}</dt>
              <dd>
                <span data-testid="order-waybill">{order.shipment.waybillNo}</span>{' '}
                <CopyButton text={order.shipment.waybillNo} label={t('order.copyWaybill')} />
              </dd>
            </>
          )}
        </Facts>
        {refused && (
          <FormAlert>
            {refused.message ?? (refused.messageId ? intl.formatMessage({ id: refused.messageId }) : '')}
          </FormAlert>
        )}
        <div style={{ marginTop: 12 }}>
          {confirm ? (
            <OrderConfirmStep order={order} step={confirm} back={back ?? orderDetailPath(order.id)} />
          ) : (
            <OrderActionBar order={order} size="md" />
          )}
        </div>
      </Block>
      <Block as="section" aria-labelledby="order-lines">
        <h2 id="order-lines">{t('orderDetail.lines')}</h2>
        <Lines>
          {order.items.map((item) => (
            <li key={item.id}>
              <Picture
                image={item.featuredImage}
                alt={item.featuredImage.altText ?? item.name}
                sizes="64px"
                loading="lazy"
              />
              <span>
                <Link to={`/goods/detail/${encodeURIComponent(item.productId)}`}>{item.name}</Link>
              </span>
              <Money value={item.unitPrice} />
              <span>{t('ucOrders.quantity', { quantity: item.quantity })}</span>
              <Money value={item.amount} />
            </li>
          ))}
        </Lines>
      </Block>
      <Columns>
        <Block as="section" aria-labelledby="order-amounts">
          <h2 id="order-amounts">{t('orderDetail.amounts')}</h2>
          <Facts data-testid="order-amounts">
            <dt>{t('orderDetail.productAmount')}</dt>
            <dd>
              <Money value={order.productAmount} />
            </dd>
            <dt>{t('orderDetail.shippingFee')}</dt>
            <dd>
              <Money value={order.shippingFee} />
            </dd>
            <dt>{t('orderDetail.totalQuantity')}</dt>
            <dd>{t('order.items', { count: order.totalQuantity })}</dd>
            <dt>{t(amountKind(order) === 'total' ? 'orderDetail.total' : 'orderDetail.payable')}</dt>
            <dd>
              <Money value={order.payableAmount} />
            </dd>
            {paid && (
              <>
                <dt>{t('orderDetail.paidAmount')}</dt>
                <dd>
                  <Money value={order.paidAmount} />
                </dd>
                <dt>{t('payResult.method')}</dt>
                <dd>{order.paymentMethod ? t(`orderDetail.method.${order.paymentMethod}`) : ''}</dd>
                <dt>{t('payResult.paidAt')}</dt>
                <dd>{format.dateTime(order.paidAt)}</dd>
              </>
            )}
            {refundedAmount && (
              <>
                <dt>{t('orderDetail.refundAmount')}</dt>
                <dd>
                  <Money value={refundedAmount} />
                </dd>
              </>
            )}
          </Facts>
        </Block>
        <Block as="section" aria-labelledby="order-address">
          <h2 id="order-address">{t('orderDetail.address')}</h2>
          <Facts>
            <dt>{t('orderDetail.recipient')}</dt>
            <dd>
              {order.address.recipient} {order.address.phone}
            </dd>
            <dt>{t('orderDetail.addressDetail')}</dt>
            <dd>
              {order.address.city} {order.address.detail}
            </dd>
          </Facts>
        </Block>
      </Columns>
      <Columns>
        <Block as="section" aria-labelledby="order-timeline">
          <h2 id="order-timeline">{t('orderDetail.timeline')}</h2>
          <OrderTimeline order={order} afterSales={afterSales} />
        </Block>
        {order.refund && (
          <Block as="section" aria-labelledby="order-after-sales">
            <h2 id="order-after-sales">{t('ucOrders.afterSalesTitle')}</h2>
            <AfterSalesList steps={afterSales} />
          </Block>
        )}
      </Columns>
    </>
  );
}
