import { DEFAULT_PAGE_SIZE } from '@shop/common/paging.ts';
import { useIntl } from 'react-intl';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { type OrderStatus, OrdersPanelDocument } from '../../__generated__/graphql.ts';
import { useRouteQuery } from '../../app/route-data.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { EmptyPage, Pagination } from '../../components/Pagination.tsx';
import { OrderCard } from '../../features/order/OrderCard.tsx';
import type { MessageId } from '../../i18n/message-ids.ts';
import '../../features/order/shopper-messages.ts'; // this chunk's texts
import { parsePage } from '../../lib/url-params.ts';
import { Panel } from './ui.tsx';
import './user-center-messages.ts'; // the personal centre's texts
import { scrollShadows } from '../../components/scroll-shadows.ts';

export const ORDER_TABS: Array<OrderStatus | null> = [
  null,
  'PENDING',
  'PAID',
  'RECEIVED',
  'COMPLETE',
  'CANCEL',
];

/** The tab of `?status=` (unknown values show every order). */
export function statusFromParam(value: string | null): OrderStatus | null {
  return ORDER_TABS.find((tab) => tab === value) ?? null;
}

// Tabs never wrap or shrink: on a phone they scroll sideways, none clipped.
const Tabs = styled.div`
  display: flex;
  gap: 4px;
  max-width: 100%;
  -webkit-overflow-scrolling: touch;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  margin-bottom: 16px;
  overflow-x: auto;
  ${({ theme }) => scrollShadows(theme.colors.surface)}
  a {
    padding: 8px 12px;
    border-bottom: 2px solid transparent;
    white-space: nowrap;
    flex-shrink: 0;
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
  }
  a[aria-selected='true'] {
    color: ${({ theme }) => theme.colors.primaryStrong};
    border-bottom-color: ${({ theme }) => theme.colors.primary};
  }
  a:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: -2px;
  }
`;

/** My orders by status, paged, with the actions each order allows. */
export function OrdersPanel() {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  // The tab and page live in the URL (?status=PAID&page=2): shareable, kept on reload and back.
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const status = statusFromParam(params.get('status'));
  const pageNum = parsePage(params.get('page'));
  const query = (next: { status?: OrderStatus | null; page?: number }) => {
    const target = new URLSearchParams();
    const nextStatus = next.status === undefined ? status : next.status;
    if (nextStatus) target.set('status', nextStatus);
    const nextPage = next.page ?? 1;
    if (nextPage > 1) target.set('page', String(nextPage));
    return target;
  };
  const go = (next: { status?: OrderStatus | null; page?: number }) => setParams(query(next));
  // A new tab or page is a navigation (a transition): the current list stays until it is in.
  const { data } = useRouteQuery(OrdersPanelDocument, {
    variables: { status, page: { pageNum, pageSize: DEFAULT_PAGE_SIZE } },
  });
  // `orders` is nullable: a list the gateway could not read is a failed load (the route's retry).
  if (!data.orders) throw new Error('orders unavailable');
  const { orders } = data;

  return (
    <Panel aria-labelledby="uc-orders-title">
      <h2 id="uc-orders-title">{t('uc.orders')}</h2>
      <Tabs role="tablist" aria-label={t('ucOrders.tabs')}>
        {/* Links (`?status=`), so a tab works without JavaScript too; the app navigates in place. */}
        {ORDER_TABS.map((tab) => {
          const search = query({ status: tab }).toString();
          return (
            <Link
              key={tab ?? 'all'}
              to={search ? `${pathname}?${search}` : pathname}
              role="tab"
              aria-selected={status === tab}
            >
              {t(tab ? `orderStatus.${tab}` : 'ucOrders.all')}
            </Link>
          );
        })}
      </Tabs>
      <div role="tabpanel">
        {orders.records.length === 0 ? (
          <EmptyPage
            pageNum={pageNum}
            total={orders.total}
            onChange={(page) => go({ page })}
            empty={<EmptyState />}
          />
        ) : (
          <>
            {orders.records.map((order) => (
              <OrderCard key={order.id} order={order} />
            ))}
            <Pagination
              pageNum={pageNum}
              pageSize={DEFAULT_PAGE_SIZE}
              total={orders.total}
              onChange={(page) => go({ page })}
            />
          </>
        )}
      </div>
    </Panel>
  );
}
