/**
 * The shopper's order detail page (pages/order/OrderDetailPage.tsx, route
 * 'user/center/orders/:orderId' in app/routes.tsx): `/user/center/orders/<id>` for an order id
 * (`Order:<n>` or a plain number).
 */
export const orderDetailPath = (orderId: string) =>
  `/user/center/orders/${encodeURIComponent(orderId.replace(/^Order:/, ''))}`;
