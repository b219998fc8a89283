import { startTransition, useCallback } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { OrderDetailPageDocument } from '../../__generated__/graphql.ts';
import { useRouteQuery } from '../../app/route-data.tsx';
import { safeRedirect } from '../../auth/redirect.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { confirmStepOf } from '../../features/order/order-forms.ts';
import { orderDetailPath } from '../../features/order/paths.ts';
import '../../features/order/shopper-messages.ts'; // this chunk's texts
import { errorCode } from '../../features/page/errors.ts';
import { PageHeading, PageWrap } from '../../features/page/Page.tsx';
import { OrderDetailView } from './OrderDetailView.tsx';

function NotFound() {
  const intl = useIntl();
  return (
    <EmptyState
      title={intl.formatMessage({ id: 'orderDetail.notFound' })}
      action={<Link to="/user/center/orders">{intl.formatMessage({ id: 'payResult.myOrders' })}</Link>}
    />
  );
}

/**
 * The order of `orderId`, asked afresh on every visit (its state moves on: paid, shipped,
 * refunded). An order that is not the shopper's, or no order at all, is 'not found' (NOT_FOUND);
 * other failures go to the route's retry.
 */
function OrderDetailBody({ orderId }: { orderId: string }) {
  const { data, error, refetch } = useRouteQuery(OrderDetailPageDocument, {
    variables: { id: orderId },
    fetchPolicy: 'cache-and-network',
    errorPolicy: 'all',
  });
  // When the payment deadline passes the service cancels the order: show that state (the
  // current one stays on screen while it is asked).
  const onExpire = useCallback(() => startTransition(() => void refetch().catch(() => {})), [refetch]);
  // the confirmation step of an action asked for without JavaScript, and the page it came from
  const [params] = useSearchParams();
  const confirm = confirmStepOf(params.get('confirm'));
  const back = safeRedirect(params.get('redirect'), orderDetailPath(orderId));
  const order = data?.order;
  if (!order) {
    if (!error || errorCode(error) === 'NOT_FOUND') return <NotFound />;
    throw error;
  }
  return (
    <OrderDetailView
      order={order}
      afterSales={order.afterSales ?? []}
      onExpire={onExpire}
      confirm={confirm}
      back={back}
    />
  );
}

/** /user/center/orders/:orderId — one order of the shopper (see OrderDetailView). */
export default function OrderDetailPage() {
  const intl = useIntl();
  const { orderId = '' } = useParams();
  const valid = /^[1-9]\d*$/.test(orderId);
  return (
    <PageWrap>
      <PageHeading>{intl.formatMessage({ id: 'order.detail' })}</PageHeading>
      {valid ? <OrderDetailBody orderId={orderId} /> : <NotFound />}
    </PageWrap>
  );
}
