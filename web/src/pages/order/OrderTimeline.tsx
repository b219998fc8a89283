import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { OrderTimeline_OrderFragmentDoc } from '../../__generated__/graphql.ts';
import { useFragment } from '../../app/fragment.ts';
import type { AfterSalesStepView } from '../../features/order/AfterSalesSteps.tsx';
import type { MessageId } from '../../i18n/message-ids.ts';
import { useShopFormat } from '../../lib/format.ts';

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    position: relative;
    padding: 0 0 14px 22px;
    color: ${({ theme }) => theme.colors.textSecondary};
  }
  li::before {
    content: '';
    position: absolute;
    left: 4px;
    top: 6px;
    width: 10px;
    height: 10px;
    border-radius: 50%;
    border: 2px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
  }
  li[data-done='true'] {
    color: ${({ theme }) => theme.colors.text};
  }
  li[data-done='true']::before {
    border-color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.primary};
  }
  time {
    margin-left: 8px;
    font-size: ${({ theme }) => theme.fontSizes.sm}px;
  }
`;

interface Step {
  key: string;
  label: string;
  at: string | null | undefined;
  done: boolean;
}

/**
 * Placed → paid → shipped → received, or placed → cancelled; then the refund steps (applied,
 * approved or rejected) from the after-sales progress. Steps still ahead are shown undone.
 */
export function OrderTimeline({
  order: from,
  afterSales,
}: {
  order: { __typename: 'Order'; id: string };
  afterSales: readonly AfterSalesStepView[];
}) {
  const intl = useIntl();
  const format = useShopFormat();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const { data: order, complete } = useFragment({
    fragment: OrderTimeline_OrderFragmentDoc,
    fragmentName: 'OrderTimeline_order',
    from,
  });
  if (!complete) return null;
  const steps: Step[] = [
    { key: 'placed', label: t('orderDetail.step.placed'), at: order.createdAt, done: true },
  ];
  if (order.status === 'CANCEL' && !order.paidAt) {
    steps.push({
      key: 'cancelled',
      label: t('orderDetail.step.cancelled'),
      at: order.cancelledAt,
      done: true,
    });
  } else {
    steps.push(
      { key: 'paid', label: t('orderDetail.step.paid'), at: order.paidAt, done: Boolean(order.paidAt) },
      {
        key: 'shipped',
        label: t('orderDetail.step.shipped'),
        at: order.shippedAt,
        done: Boolean(order.shippedAt),
      },
      {
        key: 'received',
        label: t('orderDetail.step.received'),
        at: order.receivedAt,
        done: Boolean(order.receivedAt),
      },
    );
  }
  afterSales.forEach((step, index) => {
    steps.push({
      key: `refund-${index}`,
      label: t(`orderDetail.step.refund.${step.reviewStatus}`),
      at: step.at,
      done: true,
    });
  });
  if (order.paymentStatus === 'REFUND' && !afterSales.some((step) => step.reviewStatus === 'PASSED')) {
    steps.push({ key: 'refunded', label: t('order.refunded'), at: order.refund?.reviewedAt, done: true });
  }
  return (
    <List aria-label={t('orderDetail.timeline')}>
      {steps.map((step) => (
        <li key={step.key} data-done={step.done}>
          <span>{step.label}</span>
          {step.done && step.at ? <time dateTime={step.at}>{format.dateTime(step.at)}</time> : null}
        </li>
      ))}
    </List>
  );
}
