import { type MouseEvent, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import {
  type OrderActionBar_OrderFragment,
  OrderActionBar_OrderFragmentDoc,
} from '../../__generated__/graphql.ts';
import { useFragment } from '../../app/fragment.ts';
import { usePermission } from '../../auth/permissions.tsx';
import { Button } from '../../components/Button.tsx';
import { useConfirm } from '../../components/confirm.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import type { MessageId } from '../../i18n/message-ids.ts';
import { useStartPayment } from '../checkout/useStartPayment.ts';
import { AfterSalesSteps } from './AfterSalesSteps.tsx';
import type { ConfirmStep } from './order-forms.ts';
import { orderDetailPath } from './paths.ts';
import { RefundForm } from './RefundForm.tsx';
import { useOrderMutations } from './useOrderMutations.ts';
import './order-card-messages.ts'; // the order texts of this feature

const Actions = styled.div`
  display: flex;
  gap: 8px;
  flex-wrap: wrap;
  form {
    display: contents;
  }
`;

/**
 * The actions of one order: each shows only when the order's status allows it (the service's
 * `actions`) AND the server's button list permits it (order:pay, order:cancel, order:receive,
 * order:refund, order:after-sales). Cancel and receipt ask for confirmation first.
 *
 * Each is a form, which the script takes over (its click prevents the submission and does the
 * action here). Without JavaScript 去支付 posts to the order's page, whose action starts the
 * payment and goes to the provider's page; cancel, receipt and refund open the order page's
 * confirmation step (`?confirm=`), and 售后进度 its after-sales section.
 */
export function OrderActionBar({
  order: from,
  size = 'sm',
}: {
  order: { __typename: 'Order'; id: string };
  size?: 'sm' | 'md';
}) {
  const { data, complete } = useFragment({
    fragment: OrderActionBar_OrderFragmentDoc,
    fragmentName: 'OrderActionBar_order',
    from,
  });
  return complete ? <ActionButtons order={data} size={size} /> : null;
}

function ActionButtons({ order, size }: { order: OrderActionBar_OrderFragment; size: 'sm' | 'md' }) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const confirm = useConfirm();
  const { startPayment, loading: paying } = useStartPayment();
  const mutations = useOrderMutations(order.id);
  const [dialog, setDialog] = useState<'refund' | 'afterSales' | null>(null);
  const may = {
    pay: usePermission('order:pay') && order.actions.canPay,
    cancel: usePermission('order:cancel') && order.actions.canCancel,
    receive: usePermission('order:receive') && order.actions.canReceive,
    refund: usePermission('order:refund') && order.actions.canRefund,
    afterSales: usePermission('order:after-sales') && Boolean(order.refund),
  };

  const detail = orderDetailPath(order.id);
  const location = useLocation();
  const back = location.pathname + location.search;
  /** The button's own form is the page's; with the script the click does the action here. */
  const scripted = (action: () => unknown) => (event: MouseEvent) => {
    event.preventDefault();
    void action();
  };
  /** An action whose question is the order page's confirmation step without the script. */
  const step = (
    kind: ConfirmStep,
    label: string,
    onClick: () => unknown,
    variant?: 'primary',
    loading?: boolean,
  ) => (
    <form method="get" action={detail}>
      <input type="hidden" name="confirm" value={kind} />
      {back !== detail && <input type="hidden" name="redirect" value={back} />}
      <Button type="submit" variant={variant} size={size} loading={loading} onClick={scripted(onClick)}>
        {label}
      </Button>
    </form>
  );

  const onCancel = async () => {
    if (
      !(await confirm({
        message: t('ucOrders.confirmCancel'),
        confirmText: t('ucOrders.cancel'),
        cancelText: t('ucOrders.keepOrder'),
      }))
    )
      return;
    await mutations.cancel().catch(() => {});
  };
  const onReceive = async () => {
    if (
      !(await confirm({
        message: t('ucOrders.confirmReceive'),
        confirmText: t('ucOrders.receive'),
        cancelText: t('ucOrders.notReceived'),
      }))
    )
      return;
    await mutations.receive().catch(() => {});
  };

  if (!dialog && !Object.values(may).some(Boolean)) return null;
  return (
    <Actions>
      {may.pay && (
        <form method="post" action={detail}>
          <input type="hidden" name="intent" value="pay" />
          <input type="hidden" name="method" value={order.paymentMethod ?? 'LPAY'} />
          <Button
            type="submit"
            variant="primary"
            size={size}
            loading={paying}
            onClick={scripted(() => startPayment(order.id, order.paymentMethod ?? 'LPAY'))}
          >
            {t('ucOrders.pay')}
          </Button>
        </form>
      )}
      {may.cancel && step('cancel', t('ucOrders.cancel'), onCancel, undefined, mutations.cancelling)}
      {may.receive && step('receive', t('ucOrders.receive'), onReceive, 'primary', mutations.receiving)}
      {may.refund && step('refund', t('ucOrders.refund'), () => setDialog('refund'))}
      {may.afterSales && (
        <form method="get" action={`${detail}#order-after-sales`}>
          <Button type="submit" size={size} onClick={scripted(() => setDialog('afterSales'))}>
            {t('ucOrders.afterSales')}
          </Button>
        </form>
      )}
      <Dialog open={dialog === 'refund'} title={t('ucOrders.refundTitle')} onClose={() => setDialog(null)}>
        {dialog === 'refund' && <RefundForm submit={mutations.refund} onDone={() => setDialog(null)} />}
      </Dialog>
      <Dialog
        open={dialog === 'afterSales'}
        title={t('ucOrders.afterSalesTitle')}
        onClose={() => setDialog(null)}
      >
        {dialog === 'afterSales' && <AfterSalesSteps orderId={order.id} />}
      </Dialog>
    </Actions>
  );
}
