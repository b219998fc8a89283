import type { RestOrder, RestOrderPreview, RestPage } from '@shop/common/rest/index.ts';
import type { AppContext } from '../../context.ts';
import { paginateRows } from '../../http/paging.ts';
import { imageUrlIn } from '../../i18n/image-language.ts';
import type { Locale } from '../../i18n/index.ts';
import { addressColumns, viewsOf } from '../addresses/cities.ts';
import { type LineSource, lineUnavailableReason, localName, resolveLines, totals } from './lines.ts';
import { paymentMethodOptions } from './status.ts';
import { cancelExpiredOrders, ownOrder } from './transitions.ts';
import { orderViews } from './views.ts';

/** Items and amounts for the confirm page; unavailable lines are reported, not dropped. */
export async function previewOrder(
  ctx: AppContext,
  userId: number,
  source: LineSource,
  locale: Locale,
): Promise<RestOrderPreview> {
  const lines = await resolveLines(ctx.db, userId, source);
  const address = await ctx.db
    .selectFrom('addresses')
    .select(addressColumns)
    .where('user_id', '=', userId)
    .where('is_default', '=', 1)
    .executeTakeFirst();
  const items = lines.map((line) => ({
    productId: line.productId,
    cartLineId: line.cartLineId,
    name: localName(line, locale),
    image: imageUrlIn(line.image, locale),
    unitPrice: line.unitPrice,
    quantity: line.quantity,
    amount: line.unitPrice * line.quantity,
    stock: line.stock,
    available: lineUnavailableReason(line) === null,
    unavailableReason: lineUnavailableReason(line),
  }));
  return {
    items,
    ...totals(lines),
    allAvailable: items.every((item) => item.available),
    paymentMethods: paymentMethodOptions(),
    defaultAddress: address ? (await viewsOf(ctx.db, [address], locale))[0] : null,
  };
}

/** One order of the caller, with lazy expiry applied first. */
export async function orderDetail(
  ctx: AppContext,
  userId: number,
  orderId: number,
  locale: Locale,
): Promise<RestOrder> {
  await cancelExpiredOrders(ctx, { userId, orderId });
  const order = await ownOrder(ctx.db, userId, orderId);
  const [view] = await orderViews(ctx.db, [order], locale, ctx.now());
  return view;
}

/** A page of the caller's orders (newest first), optionally of one status. */
export async function orderPage(
  ctx: AppContext,
  userId: number,
  query: { status?: number; pageNum: number; pageSize: number },
  locale: Locale,
): Promise<RestPage<RestOrder>> {
  await cancelExpiredOrders(ctx, { userId });
  let base = ctx.db.selectFrom('orders').where('user_id', '=', userId);
  if (query.status !== undefined) base = base.where('status', '=', query.status);
  return paginateRows(
    base,
    query,
    (q) => q.selectAll().orderBy('id', 'desc'),
    (rows) => orderViews(ctx.db, rows, locale, ctx.now()),
  );
}
