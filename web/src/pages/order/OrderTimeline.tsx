import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { OrderTimeline_OrderFragmentDoc } from '../../__generated__/graphql.ts';
import { useFragment } from '../../app/fragment.ts';
import type { AfterSalesStepView } from '../../features/order/AfterSalesSteps.tsx';
import type { MessageId } from '../../i18n/message-ids.ts';
import { useShopFormat } from '../../lib/format.ts';
import { orderPath } from './order-path.ts';

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

/**
 * The steps the order actually took, oldest first (`orderPath`): a refund of an order that never
 * left shows no 已发货, a rejected refund is followed by what the order does next.
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
  const steps = orderPath(order, afterSales).map((step, index) => ({
    key: `${step.kind}-${index}`,
    label: t(step.kind === 'refunded' ? 'order.refunded' : `orderDetail.step.${step.kind}`),
    at: step.at,
    done: step.done,
  }));
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
