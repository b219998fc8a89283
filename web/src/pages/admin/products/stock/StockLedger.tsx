import { useId } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { StockDialogQuery } from '../../../../__generated__/graphql.ts';
import { EmptyState } from '../../../../components/EmptyState.tsx';
import { ErrorState } from '../../../../components/ErrorState.tsx';
import { Spinner } from '../../../../components/Spinner.tsx';
import type { MessageId } from '../../../../i18n/message-ids.ts';
import { useShopFormat } from '../../../../lib/format.ts';
import { Table, TableScroll } from '../product-ui.tsx';
import './stock-messages.ts'; // this chunk's texts

type Ledger = NonNullable<StockDialogQuery['adminProduct']>['stockLedger'];

const Heading = styled.h3`
  margin: 0 0 8px;
  font-size: ${({ theme }) => theme.fontSizes.md}px;
`;

const Total = styled.p`
  margin: 0 0 8px;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm}px;
`;

/** The latest entries of a product's stock ledger, newest first. */
export function StockLedger({
  ledger,
  loading,
  failed,
  onRetry,
}: {
  ledger: Ledger | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}) {
  const intl = useIntl();
  const format = useShopFormat();
  const headingId = useId();
  const t = (id: MessageId) => intl.formatMessage({ id });
  let body: React.ReactNode;
  if (loading) body = <Spinner size={20} />;
  else if (failed) body = <ErrorState message={t('stock.ledgerFailed')} onRetry={onRetry} />;
  else if (!ledger?.records.length) body = <EmptyState title={t('stock.ledgerEmpty')} />;
  else {
    body = (
      <>
        <Total>
          {intl.formatMessage(
            { id: 'stock.ledgerTotal' },
            { shown: ledger.records.length, total: ledger.total },
          )}
        </Total>
        {/* a phone scrolls the table sideways inside its own box, never the dialog */}
        <TableScroll role="region" aria-labelledby={headingId} tabIndex={0}>
          <Table>
            <thead>
              <tr>
                <th scope="col">{t('stock.col.at')}</th>
                <th scope="col">{t('stock.col.reason')}</th>
                <th scope="col">{t('stock.col.delta')}</th>
                <th scope="col">{t('stock.col.after')}</th>
                <th scope="col">{t('stock.col.by')}</th>
                <th scope="col">{t('stock.col.note')}</th>
              </tr>
            </thead>
            <tbody>
              {ledger.records.map((entry) => (
                <tr key={entry.id}>
                  <td>{format.dateTime(entry.at)}</td>
                  <td>
                    {intl.formatMessage({
                      id: `stock.reason.${entry.reason}`,
                      defaultMessage: entry.reason,
                    })}
                  </td>
                  <td>{entry.delta > 0 ? `+${entry.delta}` : `−${-entry.delta}`}</td>
                  <td>{entry.stockAfter}</td>
                  <td>{entry.order?.orderNo ?? entry.actor?.account ?? '—'}</td>
                  <td style={{ whiteSpace: 'normal' }}>{entry.note || '—'}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableScroll>
      </>
    );
  }
  return (
    <div aria-busy={loading}>
      <Heading id={headingId}>{t('stock.ledger')}</Heading>
      {body}
    </div>
  );
}
