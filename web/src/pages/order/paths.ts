/** The shopper's order detail page; the route is registered in app/routes.tsx. */
export const ORDER_DETAIL_ROUTE = '/user/center/orders/:orderId';

/** `/user/center/orders/<id>` for an order id (`Order:<n>` or a plain number). */
export const orderDetailPath = (orderId: string) =>
  `/user/center/orders/${encodeURIComponent(orderId.replace(/^Order:/, ''))}`;
