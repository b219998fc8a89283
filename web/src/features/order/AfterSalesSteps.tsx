import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { AfterSalesDocument } from '../../__generated__/graphql.ts';
import { useQuery } from '../../app/query.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingOverlay } from '../../components/LoadingOverlay.tsx';
import { useShopFormat } from '../../lib/format.ts';
import './order-card-messages.ts'; // the order texts of this feature

const Steps = styled.ol`
  margin: 0;
  padding-left: 20px;
  li {
    margin-bottom: 8px;
  }
  p {
    margin: 4px 0 0;
  }
`;

export interface AfterSalesStepView {
  reviewStatus: 'PENDING' | 'PASSED' | 'REJECTED';
  remark: string;
  at: string;
}

/** The refund progress steps, oldest first (status label, shop time, remark). */
export function AfterSalesList({ steps }: { steps: readonly AfterSalesStepView[] }) {
  const intl = useIntl();
  const format = useShopFormat();
  if (steps.length === 0) return <EmptyState title={intl.formatMessage({ id: 'ucOrders.noAfterSales' })} />;
  return (
    <Steps aria-label={intl.formatMessage({ id: 'ucOrders.afterSalesTitle' })}>
      {steps.map((step, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: steps have no id and never reorder
        <li key={index}>
          <strong>{intl.formatMessage({ id: `reviewStatus.${step.reviewStatus}` })}</strong>{' '}
          <time dateTime={step.at}>{format.dateTime(step.at)}</time>
          {step.remark && <p>{step.remark}</p>}
        </li>
      ))}
    </Steps>
  );
}

/** After-sales progress of one order, asked fresh each time the dialog opens. */
export function AfterSalesSteps({ orderId }: { orderId: string }) {
  const { data, loading, error, refetch } = useQuery(AfterSalesDocument, {
    variables: { orderId },
    fetchPolicy: 'network-only',
  });
  if (loading && !data) return <LoadingOverlay active />;
  if (error || !data?.afterSales) return <ErrorState onRetry={() => void refetch()} />;
  return <AfterSalesList steps={data.afterSales} />;
}
