import { DEFAULT_PAGE_SIZE } from '@shop/common/paging.ts';
import { startTransition, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { BillPanelDocument, type MoneyDirection } from '../../__generated__/graphql.ts';
import { useRouteQuery } from '../../app/route-data.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { EmptyPage, Pagination } from '../../components/Pagination.tsx';
import { orderDetailPath } from '../../features/order/paths.ts';
import type { MessageId } from '../../i18n/message-ids.ts';
import '../../features/order/order-card-messages.ts'; // the order number's text
import '../../features/order/shopper-messages.ts'; // this chunk's texts
import { useShopFormat } from '../../lib/format.ts';
import { Panel } from './ui.tsx';
import './user-center-messages.ts'; // the personal centre's texts

const FILTERS: Array<MoneyDirection | null> = [null, 'EXPENSE', 'INCOME'];

const Filters = styled.div`
  display: flex;
  gap: 8px;
  margin-bottom: 12px;
  button {
    padding: 4px 12px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: 999px;
    background: none;
    font: inherit;
    cursor: pointer;
  }
  button[aria-pressed='true'] {
    border-color: ${({ theme }) => theme.colors.primaryStrong};
    color: ${({ theme }) => theme.colors.primaryStrong};
  }
  button:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
  }
`;

const Entries = styled.ul`
  list-style: none;
  margin: 0 0 12px;
  padding: 0;
  li {
    display: grid;
    grid-template-columns: 1fr auto;
    gap: 2px 12px;
    padding: 10px 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  small {
    color: ${({ theme }) => theme.colors.textSecondary};
  }
  .amount {
    grid-row: span 2;
    align-self: center;
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  }
  .amount[data-direction='INCOME'] {
    color: ${({ theme }) => theme.colors.success};
  }
`;

/**
 * My bill: the shopper's ledger, newest first, paged — each entry with its direction (支出 /
 * 收入), its type from the incomeType / expensesType dictionaries, the order and the shop time.
 */
export function BillPanel() {
  const intl = useIntl();
  const format = useShopFormat();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [direction, setDirection] = useState<MoneyDirection | null>(null);
  const [pageNum, setPageNum] = useState(1);
  const { data } = useRouteQuery(BillPanelDocument, {
    variables: { direction, page: { pageNum, pageSize: DEFAULT_PAGE_SIZE } },
    fetchPolicy: 'cache-and-network',
  });
  // A new filter or page is asked in a transition: the current entries stay until it is in.
  const goToPage = (page: number) => startTransition(() => setPageNum(page));
  const label = (entry: { direction: MoneyDirection; type: string }) => {
    const list = entry.direction === 'INCOME' ? data.incomeTypes : data.expenseTypes;
    return list?.find((item) => item.value === entry.type)?.label ?? entry.type;
  };

  return (
    <Panel aria-labelledby="uc-bill-title">
      <h2 id="uc-bill-title">{t('uc.bill')}</h2>
      <Filters role="group" aria-label={t('ucBill.filter')}>
        {FILTERS.map((filter) => (
          <button
            key={filter ?? 'all'}
            type="button"
            aria-pressed={direction === filter}
            onClick={() =>
              startTransition(() => {
                setDirection(filter);
                setPageNum(1);
              })
            }
          >
            {t(filter ? `ucBill.direction.${filter}` : 'ucOrders.all')}
          </button>
        ))}
      </Filters>
      <div>
        {!data.bills || data.bills.records.length === 0 ? (
          <EmptyPage
            pageNum={pageNum}
            total={data.bills?.total ?? 0}
            onChange={goToPage}
            empty={<EmptyState title={t('ucBill.empty')} />}
          />
        ) : (
          <>
            <Entries aria-label={t('uc.bill')}>
              {data.bills.records.map((entry) => (
                <li key={entry.id} data-testid="bill-entry">
                  <span>
                    {t(`ucBill.direction.${entry.direction}`)} · {label(entry)}
                  </span>
                  <span className="amount" data-direction={entry.direction}>
                    {entry.direction === 'INCOME' ? '+' : '-'}
                    {format.money(entry.amount)}
                  </span>
                  <small>
                    <time dateTime={entry.at}>{format.dateTime(entry.at)}</time>
                    {entry.orderNo && (
                      <>
                        {' · '}
                        {entry.orderId ? (
                          <Link to={orderDetailPath(entry.orderId)}>
                            {t('ucOrders.orderNo', { orderNo: entry.orderNo })}
                          </Link>
                        ) : (
                          t('ucOrders.orderNo', { orderNo: entry.orderNo })
                        )}
                      </>
                    )}
                  </small>
                </li>
              ))}
            </Entries>
            <Pagination
              pageNum={pageNum}
              pageSize={DEFAULT_PAGE_SIZE}
              total={data.bills.total}
              onChange={goToPage}
            />
          </>
        )}
      </div>
    </Panel>
  );
}
