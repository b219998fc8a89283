import { formatDateTime } from '@shop/common/format.ts';
import { orderStatuses, paymentStatuses } from '@shop/common/statuses.ts';
import type { Response } from 'express';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { OrderTable } from '../../db/types.ts';
import type { Locale } from '../../i18n/index.ts';
import { orderCity } from '../orders/views.ts';
import { systemConfig } from '../reference/service.ts';
import { type ExportColumn, streamWorkbook } from './sheet-writer.ts';
import { nextDay, shopDayStart } from './shop-days.ts';

const PAGE = 500;

export interface OrderExportQuery {
  /** First shop day (YYYY-MM-DD) of the orders' placing, inclusive. */
  from?: string;
  /** Last shop day, inclusive. */
  to?: string;
  status?: number;
}

interface OrderLine extends Selectable<OrderTable> {
  account: string | null;
  items: string;
}

const labelOf = (
  table: Record<string, { code: number; label: Record<Locale, string> }>,
  code: number,
  locale: Locale,
) => Object.values(table).find((entry) => entry.code === code)?.label[locale] ?? String(code);

function orderColumns(locale: Locale, zone: string): ExportColumn<OrderLine>[] {
  const en = locale === 'en-GB';
  const time = (value: string | null) => (value ? formatDateTime(value, 'zh-CN', zone) : null);
  return [
    { title: en ? 'Order number' : '订单号', kind: 'text', width: 24, value: (o) => o.order_no },
    { title: en ? 'Account' : '下单账号', kind: 'text', width: 14, value: (o) => o.account },
    {
      title: en ? 'Status' : '订单状态',
      kind: 'text',
      width: 12,
      value: (o) => labelOf(orderStatuses, o.status, locale),
    },
    {
      title: en ? 'Payment' : '支付状态',
      kind: 'text',
      width: 10,
      value: (o) => labelOf(paymentStatuses, o.payment_status, locale),
    },
    { title: en ? 'Payment method' : '支付方式', kind: 'text', width: 10, value: (o) => o.payment_method },
    { title: en ? 'Items' : '商品', kind: 'text', width: 40, value: (o) => o.items },
    { title: en ? 'Quantity' : '件数', kind: 'whole', width: 8, value: (o) => o.total_quantity },
    {
      title: en ? 'Goods (yuan)' : '商品金额（元）',
      kind: 'money',
      width: 14,
      value: (o) => o.product_amount,
    },
    { title: en ? 'Delivery (yuan)' : '运费（元）', kind: 'money', width: 12, value: (o) => o.shipping_fee },
    { title: en ? 'Payable (yuan)' : '应付（元）', kind: 'money', width: 14, value: (o) => o.payable_amount },
    { title: en ? 'Paid (yuan)' : '实付（元）', kind: 'money', width: 14, value: (o) => o.paid_amount },
    { title: en ? 'Recipient' : '收货人', kind: 'text', width: 12, value: (o) => o.recipient },
    { title: en ? 'Phone' : '电话', kind: 'text', width: 14, value: (o) => o.phone },
    { title: en ? 'City' : '城市', kind: 'text', width: 16, value: (o) => orderCity(o, locale) },
    { title: en ? 'Address' : '详细地址', kind: 'text', width: 30, value: (o) => o.address_detail },
    { title: en ? 'Placed' : '下单时间', kind: 'time', width: 20, value: (o) => time(o.created_at) },
    { title: en ? 'Paid at' : '支付时间', kind: 'time', width: 20, value: (o) => time(o.paid_at) },
    { title: en ? 'Shipped at' : '发货时间', kind: 'time', width: 20, value: (o) => time(o.shipped_at) },
  ];
}

/** The orders the query picks, oldest first, a page at a time, each with its buyer and its items in one line. */
async function* orderPages(
  ctx: AppContext,
  query: OrderExportQuery,
  zone: string,
  locale: Locale,
): AsyncGenerator<OrderLine[]> {
  for (let after = 0; ; ) {
    let select = ctx.db
      .selectFrom('orders')
      .leftJoin('users', 'users.id', 'orders.user_id')
      .selectAll('orders')
      .select('users.username as account')
      .where('orders.id', '>', after);
    if (query.from) select = select.where('orders.created_at', '>=', shopDayStart(query.from, zone));
    if (query.to) select = select.where('orders.created_at', '<', shopDayStart(nextDay(query.to), zone));
    if (query.status !== undefined) select = select.where('orders.status', '=', query.status);
    const orders = await select.orderBy('orders.id').limit(PAGE).execute();
    if (orders.length === 0) return;
    const items = await ctx.db
      .selectFrom('order_items')
      .select(['order_id', 'name', 'name_en', 'quantity'])
      .where(
        'order_id',
        'in',
        orders.map((order) => order.id),
      )
      .orderBy('id')
      .execute();
    const lines = new Map<number, string[]>();
    for (const item of items) {
      const name = locale === 'en-GB' && item.name_en ? item.name_en : item.name;
      lines.set(item.order_id, [...(lines.get(item.order_id) ?? []), `${name} × ${item.quantity}`]);
    }
    yield orders.map((order) => ({ ...order, items: (lines.get(order.id) ?? []).join('; ') }));
    after = orders[orders.length - 1].id;
  }
}

/** GET /admin/order/export: the orders placed in [from, to] (shop days) with the status, as an .xlsx. */
export async function exportOrders(ctx: AppContext, res: Response, query: OrderExportQuery, locale: Locale) {
  const { timeZone } = await systemConfig(ctx, locale);
  const sheet = locale === 'en-GB' ? 'Orders' : '订单';
  await streamWorkbook(
    res,
    'orders.xlsx',
    sheet,
    orderColumns(locale, timeZone),
    orderPages(ctx, query, timeZone, locale),
  );
}
