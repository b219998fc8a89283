import { Suspense, startTransition, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { PayResultPageDocument, type PayResultPageQuery } from '../../__generated__/graphql.ts';
import { useRouteQuery } from '../../app/route-data.tsx';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { factGrid } from '../../components/grid.ts';
import { Spinner } from '../../components/Spinner.tsx';
import { useStartPayment } from '../../features/checkout/useStartPayment.ts';
import { orderDetailPath } from '../../features/order/paths.ts';
import type { MessageId } from '../../i18n/message-ids.ts';
import '../../features/order/shopper-messages.ts'; // this chunk's texts
import { PageHeading, PageWrap, Panel } from '../../features/page/Page.tsx';
import { useShopFormat } from '../../lib/format.ts';

/** While the order is pending the result is asked again every 1.5 s, for at most 20 s. */
export const POLL_INTERVAL_MS = 1500;
export const POLL_WINDOW_MS = 20_000;

type Result = NonNullable<PayResultPageQuery['paymentResult']>;
/** `payCancelled`: the shopper cancelled on the lpay page; the order is still pending. */
type Outcome = 'paid' | 'pending' | 'payCancelled' | 'expired' | 'cancelled' | 'refunded';

function outcomeOf(result: Result, now: number, payCancelled: boolean): Outcome {
  if (result.paymentStatus === 'REFUND') return 'refunded';
  if (result.paymentStatus === 'PAID' || ['PAID', 'RECEIVED', 'COMPLETE'].includes(result.orderStatus))
    return 'paid';
  const deadline = result.order?.paymentDeadline ? Date.parse(result.order.paymentDeadline) : Number.NaN;
  if (result.orderStatus === 'CANCEL')
    return result.order?.cancelReason === 'expired' ? 'expired' : 'cancelled';
  if (Number.isFinite(deadline) && deadline <= now) return 'expired';
  return payCancelled ? 'payCancelled' : 'pending';
}

const Card = styled(Panel)`
  max-width: 560px;
  margin: 24px auto;
  text-align: center;
  padding: 32px 24px;
`;

const Icon = styled.div<{ $tone: 'success' | 'warning' | 'error' | 'info' }>`
  width: 64px;
  height: 64px;
  margin: 0 auto 12px;
  border-radius: 50%;
  display: flex;
  align-items: center;
  justify-content: center;
  font-size: 32px;
  color: #fff;
  background: ${({ theme, $tone }) => theme.colors[$tone]};
`;

const Headline = styled.h2`
  margin: 0 0 8px;
  font-size: ${({ theme }) => theme.fontSizes.xl}px;
`;

const Detail = styled.p`
  margin: 0 0 16px;
  color: ${({ theme }) => theme.colors.textSecondary};
`;

const Facts = styled.dl`
  ${factGrid}
  grid-template-columns: auto 1fr;
  gap: 6px 16px;
  text-align: left;
  max-width: 360px;
  margin: 0 auto 20px;
`;

const Actions = styled.div`
  display: flex;
  justify-content: center;
  gap: 12px;
  flex-wrap: wrap;
  a {
    display: inline-flex;
    align-items: center;
    height: 36px;
    padding: 0 16px;
    border-radius: ${({ theme }) => theme.radii.sm}px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
  }
  a:hover {
    border-color: ${({ theme }) => theme.colors.primaryStrong};
    color: ${({ theme }) => theme.colors.primaryStrong};
  }
`;

const ICONS: Record<Outcome, { tone: 'success' | 'warning' | 'error' | 'info'; symbol: string }> = {
  paid: { tone: 'success', symbol: '✓' },
  pending: { tone: 'info', symbol: '…' },
  payCancelled: { tone: 'warning', symbol: '!' },
  expired: { tone: 'warning', symbol: '!' },
  cancelled: { tone: 'error', symbol: '×' },
  refunded: { tone: 'info', symbol: '↺' },
};

/** The first answer is awaited here (the route has no loading overlay: this page shows its own). */
function PendingCard() {
  const intl = useIntl();
  return (
    <Card aria-busy="true">
      <Spinner size={32} />
      <Detail>{intl.formatMessage({ id: 'payResult.pending' })}</Detail>
    </Card>
  );
}

/**
 * The payment state of `orderId`, asked again every 1.5 s while it is unknown or pending, for at
 * most 20 s. Each new answer replaces the shown one in a transition (no fallback in between); a
 * failed poll stops polling and keeps the last answer, a failed first answer is the route's retry.
 */
function PayResult({ orderId, payCancelled }: { orderId: string; payCancelled: boolean }) {
  const intl = useIntl();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const format = useShopFormat();
  const [windowOpen, setWindowOpen] = useState(true);
  const { startPayment, loading: starting } = useStartPayment();

  const { data, error, refetch } = useRouteQuery(PayResultPageDocument, {
    variables: { orderId },
    fetchPolicy: 'network-only',
    errorPolicy: 'all',
    context: { silent: true, hideLoading: true },
  });
  const result = data?.paymentResult;
  const outcome = result ? outcomeOf(result, Date.now(), payCancelled) : null;
  const polling = windowOpen && !payCancelled && (outcome === null || outcome === 'pending') && !error;
  const askAgain = () => startTransition(() => void refetch().catch(() => {}));

  // Poll while the outcome is unknown or pending, within the polling window.
  useEffect(() => {
    if (!polling) return;
    const timer = setInterval(() => startTransition(() => void refetch().catch(() => {})), POLL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [polling, refetch]);

  useEffect(() => {
    const timer = setTimeout(() => setWindowOpen(false), POLL_WINDOW_MS);
    return () => clearTimeout(timer);
  }, []);

  if (error && !result) throw error;
  if (!result) return <PendingCard />;
  const state = outcome as Outcome;
  const order = result.order;
  const headline = {
    paid: t('payResult.paid'),
    pending: polling ? t('payResult.pending') : t('payResult.stillPending'),
    payCancelled: t('payResult.payCancelled'),
    expired: t('payResult.expired'),
    cancelled: t('payResult.cancelled'),
    refunded: t('payResult.refunded'),
  }[state];
  const detail = {
    paid: t('payResult.paidDetail', { amount: format.money(result.paidAmount) }),
    pending: polling
      ? t('payResult.pendingDetail')
      : t('payResult.stillPendingDetail', {
          deadline: format.dateTime(order?.paymentDeadline),
        }),
    payCancelled: t('payResult.payCancelledDetail', {
      deadline: format.dateTime(order?.paymentDeadline),
    }),
    expired: t('payResult.expiredDetail'),
    cancelled: '',
    refunded: '',
  }[state];
  return (
    <Card data-testid="pay-result" data-outcome={state}>
      <Icon $tone={ICONS[state].tone} aria-hidden="true">
        {ICONS[state].symbol}
      </Icon>
      <Headline role="status" aria-live="polite">
        {headline}
      </Headline>
      {detail && <Detail>{detail}</Detail>}
      <Facts>
        {order && (
          <>
            <dt>{t('payResult.orderNo')}</dt>
            <dd>{order.orderNo}</dd>
          </>
        )}
        {state === 'paid' ? (
          <>
            <dt>{t('payResult.amount')}</dt>
            <dd>{format.money(result.paidAmount)}</dd>
            {result.paidAt && (
              <>
                <dt>{t('payResult.paidAt')}</dt>
                <dd>{format.dateTime(result.paidAt)}</dd>
              </>
            )}
          </>
        ) : (
          order && (
            <>
              <dt>{t('payResult.payable')}</dt>
              <dd>{format.money(order.payableAmount)}</dd>
            </>
          )
        )}
      </Facts>
      <Actions>
        {(state === 'pending' || state === 'payCancelled') && (
          // A form to the order's page, whose action starts the payment without JavaScript; with it
          // the click starts it here.
          <form method="post" action={orderDetailPath(orderId)}>
            <input type="hidden" name="intent" value="pay" />
            <input type="hidden" name="method" value={order?.paymentMethod ?? 'LPAY'} />
            <Button
              type="submit"
              variant="primary"
              loading={starting}
              onClick={(event) => {
                event.preventDefault();
                void startPayment(orderId, order?.paymentMethod ?? 'LPAY').then((left) => {
                  if (!left) askAgain();
                });
              }}
            >
              {t('payResult.payAgain')}
            </Button>
          </form>
        )}
        {state === 'pending' && !polling && <Button onClick={askAgain}>{t('payResult.refresh')}</Button>}
        {order && <Link to={orderDetailPath(order.id)}>{t('payResult.orderDetail')}</Link>}
        <Link to="/user/center/orders">{t('payResult.myOrders')}</Link>
        <Link to="/home">{t('payResult.home')}</Link>
      </Actions>
    </Card>
  );
}

/** The outcome of a payment: /order/pay-result?orderId=… (lpay sends the shopper back here). */
export default function PayResultPage() {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const [params] = useSearchParams();
  // lpay's Cancel sends the shopper back with cancelled=1: say so at once instead of polling.
  const payCancelled = params.get('cancelled') === '1';
  const orderId = (params.get('orderId') ?? '').trim();
  const valid = /^[1-9]\d*$/.test(orderId);
  return (
    <PageWrap>
      <PageHeading>{t('payResult.title')}</PageHeading>
      {valid ? (
        <Suspense fallback={<PendingCard />}>
          <PayResult orderId={orderId} payCancelled={payCancelled} />
        </Suspense>
      ) : (
        <EmptyState title={t('payResult.idMissing')} action={<Link to="/home">{t('payResult.home')}</Link>} />
      )}
    </PageWrap>
  );
}
