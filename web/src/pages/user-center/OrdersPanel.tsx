import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import {
  AfterSalesDocument,
  ApplyRefundDocument,
  CancelOrderDocument,
  ConfirmReceiptDocument,
  type OrderCard_OrderFragment,
  type OrderStatus,
  OrdersPanelDocument,
} from '../../__generated__/graphql.ts';
import { acceptPayload, fieldErrors } from '../../app/user-errors.ts';
import { Button } from '../../components/Button.tsx';
import { useConfirm } from '../../components/confirm.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { Field, TextArea, useForm } from '../../components/form/index.ts';
import { LoadingOverlay } from '../../components/LoadingOverlay.tsx';
import { Money } from '../../components/Money.tsx';
import { DEFAULT_PAGE_SIZE, Pagination } from '../../components/Pagination.tsx';
import { useStartPayment } from '../../features/checkout/useStartPayment.ts';
import { formatDateTime } from '../../lib/date.ts';
import { Panel } from './ui.tsx';

export const ORDER_TABS: Array<OrderStatus | null> = [
  null,
  'PENDING',
  'PAID',
  'RECEIVED',
  'COMPLETE',
  'CANCEL',
];

const Tabs = styled.div`
  display: flex;
  gap: 4px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  margin-bottom: 16px;
  overflow-x: auto;
  button {
    padding: 8px 12px;
    border: 0;
    border-bottom: 2px solid transparent;
    background: none;
    font: inherit;
    cursor: pointer;
    white-space: nowrap;
    color: ${({ theme }) => theme.colors.text};
  }
  button[aria-selected='true'] {
    color: ${({ theme }) => theme.colors.primary};
    border-bottom-color: ${({ theme }) => theme.colors.primary};
  }
  button:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: -2px;
  }
`;

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
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radii.sm}px;
  }
  li span:first-of-type {
    flex: 1;
  }
`;

const Status = styled.strong`
  color: ${({ theme }) => theme.colors.primary};
`;

const Actions = styled.div`
  display: flex;
  gap: 8px;
  flex-wrap: wrap;
`;

const Steps = styled.ol`
  margin: 0;
  padding-left: 20px;
  li {
    margin-bottom: 8px;
  }
`;

function RefundForm({ orderId, onDone }: { orderId: string; onDone: () => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [apply] = useMutation(ApplyRefundDocument, { refetchQueries: ['OrdersPanel'] });
  const form = useForm({
    initial: { reason: '' },
    rules: { reason: { label: 'ucOrders.refundReason', required: true, text: true, trim: true } },
  });
  const submit = form.handleSubmit(async ({ reason }) => {
    try {
      const result = await apply({ variables: { input: { orderId, reason } } });
      acceptPayload(result.data?.applyRefund);
      onDone();
    } catch (error) {
      // the links toast it; a refused reason is also shown at its field
      form.setErrors(fieldErrors(error));
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Field label={t('ucOrders.refundReason')} error={form.errors.reason} required>
        <TextArea {...form.bind('reason')} rows={3} maxLength={200} />
      </Field>
      <Actions style={{ justifyContent: 'flex-end' }}>
        <Button onClick={onDone}>{t('kit.cancel')}</Button>
        <Button type="submit" variant="primary" loading={form.submitting}>
          {t('ucOrders.submit')}
        </Button>
      </Actions>
    </form>
  );
}

function AfterSalesSteps({ orderId }: { orderId: string }) {
  const intl = useIntl();
  const { data, loading, error, refetch } = useQuery(AfterSalesDocument, {
    variables: { orderId },
    fetchPolicy: 'network-only',
  });
  if (loading && !data) return <LoadingOverlay active />;
  if (error || !data?.afterSales) return <ErrorState onRetry={() => void refetch()} />;
  if (data.afterSales.length === 0)
    return <EmptyState title={intl.formatMessage({ id: 'ucOrders.noAfterSales' })} />;
  return (
    <Steps>
      {data.afterSales.map((step, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: steps have no id and never reorder
        <li key={index}>
          <strong>{intl.formatMessage({ id: `ucReview.${step.reviewStatus}` })}</strong>{' '}
          <time dateTime={step.at}>{formatDateTime(step.at, intl.locale)}</time>
          {step.remark && <p>{step.remark}</p>}
        </li>
      ))}
    </Steps>
  );
}

export function OrderCard({ order }: { order: OrderCard_OrderFragment }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const confirm = useConfirm();
  const { startPayment, loading: paying } = useStartPayment();
  const [cancel, { loading: cancelling }] = useMutation(CancelOrderDocument, {
    refetchQueries: ['OrdersPanel'],
  });
  const [receive, { loading: receiving }] = useMutation(ConfirmReceiptDocument, {
    refetchQueries: ['OrdersPanel'],
  });
  const [dialog, setDialog] = useState<'refund' | 'afterSales' | null>(null);
  const input = { orderId: order.id };

  const onCancel = async () => {
    if (!(await confirm({ message: t('ucOrders.confirmCancel') }))) return;
    await cancel({ variables: { input } }).catch(() => {});
  };
  const onReceive = async () => {
    if (!(await confirm({ message: t('ucOrders.confirmReceive') }))) return;
    await receive({ variables: { input } }).catch(() => {});
  };

  return (
    <Card aria-label={t('ucOrders.orderNo', { orderNo: order.orderNo })}>
      <header>
        <span>{t('ucOrders.orderNo', { orderNo: order.orderNo })}</span>
        <span>{t('ucOrders.createdAt', { at: formatDateTime(order.createdAt, intl.locale) })}</span>
        <Status>{t(`ucOrders.status.${order.status}`)}</Status>
      </header>
      <ul>
        {order.items.map((item) => (
          <li key={item.id}>
            {item.image ? <img src={item.image} alt="" loading="lazy" /> : null}
            <span>{item.name}</span>
            <Money fen={item.unitPrice.fen} />
            <span>{t('ucOrders.quantity', { quantity: item.quantity })}</span>
          </li>
        ))}
      </ul>
      <footer>
        <span>
          {t('ucOrders.totalQuantity', { count: order.totalQuantity })} · {t('ucOrders.payable')}
          <Money fen={order.payableAmount.fen} />
        </span>
        <Actions>
          {order.actions.canPay && (
            <Button
              variant="primary"
              size="sm"
              loading={paying}
              onClick={() => void startPayment(order.id, order.paymentMethod ?? 'LPAY')}
            >
              {t('ucOrders.pay')}
            </Button>
          )}
          {order.actions.canCancel && (
            <Button size="sm" loading={cancelling} onClick={() => void onCancel()}>
              {t('ucOrders.cancel')}
            </Button>
          )}
          {order.actions.canReceive && (
            <Button variant="primary" size="sm" loading={receiving} onClick={() => void onReceive()}>
              {t('ucOrders.receive')}
            </Button>
          )}
          {order.actions.canRefund && (
            <Button size="sm" onClick={() => setDialog('refund')}>
              {t('ucOrders.refund')}
            </Button>
          )}
          {order.refund && (
            <Button size="sm" onClick={() => setDialog('afterSales')}>
              {t('ucOrders.afterSales')}
            </Button>
          )}
        </Actions>
      </footer>
      <Dialog open={dialog === 'refund'} title={t('ucOrders.refundTitle')} onClose={() => setDialog(null)}>
        {dialog === 'refund' && <RefundForm orderId={order.id} onDone={() => setDialog(null)} />}
      </Dialog>
      <Dialog
        open={dialog === 'afterSales'}
        title={t('ucOrders.afterSalesTitle')}
        onClose={() => setDialog(null)}
      >
        {dialog === 'afterSales' && <AfterSalesSteps orderId={order.id} />}
      </Dialog>
    </Card>
  );
}

/** My orders by status, paged, with the actions each order allows. */
export function OrdersPanel() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [status, setStatus] = useState<OrderStatus | null>(null);
  const [pageNum, setPageNum] = useState(1);
  const { data, loading, error, refetch } = useQuery(OrdersPanelDocument, {
    variables: { status, page: { pageNum, pageSize: DEFAULT_PAGE_SIZE } },
  });

  return (
    <Panel aria-labelledby="uc-orders-title">
      <h2 id="uc-orders-title">{t('uc.orders')}</h2>
      <Tabs role="tablist" aria-label={t('ucOrders.tabs')}>
        {ORDER_TABS.map((tab) => (
          <button
            key={tab ?? 'all'}
            type="button"
            role="tab"
            aria-selected={status === tab}
            onClick={() => {
              setStatus(tab);
              setPageNum(1);
            }}
          >
            {t(tab ? `ucOrders.status.${tab}` : 'ucOrders.all')}
          </button>
        ))}
      </Tabs>
      <div role="tabpanel" aria-busy={loading}>
        {loading && !data ? (
          <LoadingOverlay active />
        ) : error || !data?.orders ? (
          <ErrorState onRetry={() => void refetch()} />
        ) : data.orders.records.length === 0 ? (
          <EmptyState />
        ) : (
          <>
            {data.orders.records.map((order) => (
              <OrderCard key={order.id} order={order} />
            ))}
            <Pagination
              pageNum={pageNum}
              pageSize={DEFAULT_PAGE_SIZE}
              total={data.orders.total}
              onChange={setPageNum}
            />
          </>
        )}
      </div>
    </Panel>
  );
}
