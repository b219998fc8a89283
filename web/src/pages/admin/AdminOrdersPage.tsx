import { DEFAULT_PAGE_SIZE } from '@shop/common/paging.ts';
import { type FormEvent, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import {
  type AdminOrderRow_OrderFragment,
  AdminOrderRow_OrderFragmentDoc,
  AdminOrdersDocument,
  type OrderStatus,
} from '../../__generated__/graphql.ts';
import { useFragment } from '../../app/fragment.ts';
import { useRouteQuery } from '../../app/route-data.tsx';
import { Permitted } from '../../auth/permissions.tsx';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Money } from '../../components/Money.tsx';
import type { MessageId } from '../../i18n/message-ids.ts';
import { useShopFormat } from '../../lib/format.ts';
import { parsePage, useUrlParams } from '../../lib/url-params.ts';
import { OrderExportDisclosure } from './import/OrderExport.tsx';
import { ShipDialog } from './ShipDialog.tsx';
import { Actions, AdminListPage, Badge, Fact, Facts, Filters, Row, Screen } from './ui.tsx';
import './admin-messages.ts'; // this chunk's texts

export const ORDER_STATUSES: OrderStatus[] = ['PENDING', 'PAID', 'RECEIVED', 'COMPLETE', 'CANCEL'];
/** 待发货订单: the list opens on the paid orders; `status=ALL` shows every order. */
export const DEFAULT_STATUS: OrderStatus = 'PAID';
const ALL = 'ALL';

/** The filter as the URL says it (`?status=PAID&orderNo=…&page=2`). */
export function ordersFilter(params: URLSearchParams) {
  const raw = params.get('status');
  const status: OrderStatus | null =
    raw === ALL ? null : ORDER_STATUSES.includes(raw as OrderStatus) ? (raw as OrderStatus) : DEFAULT_STATUS;
  const page = parsePage(params.get('page'));
  return { status, orderNo: params.get('orderNo')?.trim() || null, page };
}

/** One order of the list (its fields are read from the cache by the row's fragment). */
export function AdminOrderRow({ order: from }: { order: { __typename: 'Order'; id: string } }) {
  const { data, complete } = useFragment({
    fragment: AdminOrderRow_OrderFragmentDoc,
    fragmentName: 'AdminOrderRow_order',
    from,
  });
  return complete ? <OrderRowView order={data} /> : null;
}

function OrderRowView({ order }: { order: AdminOrderRow_OrderFragment }) {
  const intl = useIntl();
  const format = useShopFormat();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [shipping, setShipping] = useState(false);
  const refundPending = order.refund?.reviewStatus === 'PENDING';
  return (
    <Row aria-label={`${t('admin.orderNo')} ${order.orderNo}`}>
      <header>
        <Link to={`/admin/orders/${order.id}`}>{order.orderNo}</Link>
        <span>
          <Badge>{t(`orderStatus.${order.status}`)}</Badge>
          {refundPending && <Badge $tone="warning"> · {t('admin.refundPending')}</Badge>}
        </span>
      </header>
      <Facts>
        <Fact label={t('admin.buyer')}>{order.buyerAccount ?? '—'}</Fact>
        <Fact label={t('admin.createdAt')}>{format.dateTime(order.createdAt)}</Fact>
        <Fact label={t('admin.payable')}>
          <Money value={order.payableAmount} />
        </Fact>
        <Fact label={t('admin.consignee')}>
          {order.address.recipient} · {order.address.city}
        </Fact>
        <Fact label={t('admin.items', { count: order.totalQuantity })}>
          {order.items.map((item) => `${item.name} ×${item.quantity}`).join('、')}
        </Fact>
        {order.paidAt && <Fact label={t('admin.paidAt')}>{format.dateTime(order.paidAt)}</Fact>}
        {order.shipment && (
          <Fact label={t('admin.shipment')}>
            {order.shipment.courierName} {order.shipment.waybillNo}
          </Fact>
        )}
      </Facts>
      <footer>
        <span />
        <Actions>
          <Link to={`/admin/orders/${order.id}`}>{t('admin.detail')}</Link>
          {order.actions.canShip && (
            <Permitted code="order:ship">
              <Button variant="primary" size="sm" onClick={() => setShipping(true)}>
                {t('admin.ship')}
              </Button>
            </Permitted>
          )}
        </Actions>
      </footer>
      {shipping && <ShipDialog order={order} onClose={() => setShipping(false)} />}
    </Row>
  );
}

/**
 * The page of orders the filter asks for. A new filter or page is a navigation (a transition):
 * the current page stays until the next one is in.
 */
function OrdersList({
  status,
  orderNo,
  page,
  onPage,
}: {
  status: OrderStatus | null;
  orderNo: string | null;
  page: number;
  onPage: (page: number) => void;
}) {
  const intl = useIntl();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { data } = useRouteQuery(AdminOrdersDocument, {
    variables: { status, orderNo, page: { pageNum: page, pageSize: DEFAULT_PAGE_SIZE } },
    fetchPolicy: 'cache-and-network',
  });
  const list = data.adminOrders;
  return (
    <AdminListPage
      list={list}
      totalText={t('admin.orders.total', { total: list.total })}
      emptyText={t('admin.orders.empty')}
      onPage={onPage}
      row={(order) => <AdminOrderRow key={order.id} order={order} />}
    />
  );
}

/**
 * /admin/orders (待发货订单): every shopper's orders by status — the paid ones by default — and
 * order number, paged; ship with a courier and a waybill number. Listing needs `order:view`, shipping `order:ship`.
 */
export default function AdminOrdersPage() {
  const intl = useIntl();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [params, update] = useUrlParams();
  const { status, orderNo, page } = ordersFilter(params);
  const [typed, setTyped] = useState(orderNo ?? '');

  const search = (event: FormEvent) => {
    event.preventDefault();
    update({ orderNo: typed.trim() || null, page: null });
  };

  return (
    <Screen aria-labelledby="admin-orders-title">
      <h1 id="admin-orders-title">{t('admin.orders.title')}</h1>
      <Permitted code="order:view" fallback={<EmptyState title={t('admin.noView')} />}>
        {/* a GET of this page with the filters, should it be sent before the script has loaded */}
        <Filters method="get" onSubmit={search} role="search">
          <label>
            {t('admin.orders.filter')}
            <select
              name="status"
              value={status ?? ALL}
              onChange={(event) => update({ status: event.target.value, page: null })}
            >
              <option value={ALL}>{t('admin.orders.all')}</option>
              {ORDER_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {t(`orderStatus.${value}`)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('admin.orders.search')}
            <input
              name="orderNo"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              maxLength={40}
              inputMode="search"
            />
          </label>
          <Button type="submit">{t('admin.orders.searchButton')}</Button>
        </Filters>
        <Permitted code="order:export">
          <OrderExportDisclosure />
        </Permitted>
        <OrdersList
          status={status}
          orderNo={orderNo}
          page={page}
          onPage={(next) => update({ page: String(next) })}
        />
      </Permitted>
    </Screen>
  );
}
