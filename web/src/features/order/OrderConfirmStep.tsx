import { type FormEvent, useId } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import {
  type OrderActionBar_OrderFragment,
  OrderActionBar_OrderFragmentDoc,
} from '../../__generated__/graphql.ts';
import { useFragment } from '../../app/fragment.ts';
import { usePermission } from '../../auth/permissions.tsx';
import { Button } from '../../components/Button.tsx';
import type { MessageId } from '../../i18n/message-ids.ts';
import { OrderActionBar } from './OrderActionBar.tsx';
import type { ConfirmStep } from './order-forms.ts';
import { orderDetailPath } from './paths.ts';
import { RefundForm } from './RefundForm.tsx';
import { useOrderMutations } from './useOrderMutations.ts';
import './order-card-messages.ts'; // the order texts of this feature

const Step = styled.section`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md}px;
  padding: 12px 16px;
  max-width: 480px;
  h3 {
    margin: 0 0 12px;
    font-size: ${({ theme }) => theme.fontSizes.md}px;
  }
`;

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  flex-wrap: wrap;
`;

const QUESTIONS: Record<
  Exclude<ConfirmStep, 'refund'>,
  { question: MessageId; yes: MessageId; no: MessageId }
> = {
  cancel: { question: 'ucOrders.confirmCancel', yes: 'ucOrders.cancel', no: 'ucOrders.keepOrder' },
  receive: { question: 'ucOrders.confirmReceive', yes: 'ucOrders.receive', no: 'ucOrders.notReceived' },
};

/**
 * The order page's confirmation step of an action asked for without JavaScript (`?confirm=cancel`,
 * `receive`, `refund`): the question the app's dialog asks, as a form the order's route action takes
 * ('Confirm to cancel the order?' with 取消订单 / 再想想), or the refund form with its reason. Shown
 * in place of the order's actions while the order allows the step; otherwise the actions show.
 * With the script its form runs the mutation here and goes back, as the dialog does.
 */
export function OrderConfirmStep({
  order: from,
  step,
  back,
}: {
  order: { __typename: 'Order'; id: string };
  step: ConfirmStep;
  /** Where 再想想 and a done step lead: the page the action was asked from. */
  back: string;
}) {
  const { data, complete } = useFragment({
    fragment: OrderActionBar_OrderFragmentDoc,
    fragmentName: 'OrderActionBar_order',
    from,
  });
  return complete ? <StepView order={data} step={step} back={back} /> : null;
}

function StepView({
  order,
  step,
  back,
}: {
  order: OrderActionBar_OrderFragment;
  step: ConfirmStep;
  back: string;
}) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const navigate = useNavigate();
  const location = useLocation();
  const headingId = useId();
  const mutations = useOrderMutations(order.id);
  const allowed = {
    cancel: usePermission('order:cancel') && order.actions.canCancel,
    receive: usePermission('order:receive') && order.actions.canReceive,
    refund: usePermission('order:refund') && order.actions.canRefund,
  }[step];
  if (!allowed) return <OrderActionBar order={order} size="md" />;
  const action = orderDetailPath(order.id);

  if (step === 'refund') {
    // sent to this very address, so a refused reason comes back on this step
    const here = location.pathname + location.search;
    return (
      <Step aria-labelledby={headingId}>
        <h3 id={headingId}>{t('ucOrders.refundTitle')}</h3>
        <RefundForm submit={mutations.refund} onDone={() => navigate(back)} page={{ action: here, back }} />
      </Step>
    );
  }
  const texts = QUESTIONS[step];
  const run = step === 'cancel' ? mutations.cancel : mutations.receive;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run().then(
      () => navigate(back),
      () => {},
    );
  };
  return (
    <Step aria-labelledby={headingId}>
      <h3 id={headingId}>{t(texts.question)}</h3>
      <form method="post" action={action} onSubmit={onSubmit}>
        <input type="hidden" name="intent" value={step} />
        <input type="hidden" name="redirect" value={back} />
        <Row>
          <Button
            type="submit"
            variant="primary"
            loading={step === 'cancel' ? mutations.cancelling : mutations.receiving}
          >
            {t(texts.yes)}
          </Button>
          <Link to={back}>{t(texts.no)}</Link>
        </Row>
      </form>
    </Step>
  );
}
