import { addCatalogue } from '../../i18n/messages-collect.ts';
import './status-messages.ts'; // the state labels the order card shows

/**
 * Texts of the order card, its actions (pay, cancel, receipt, refund) and the after-sales steps,
 * in both locales. They travel with the lazy chunks that show orders (the personal centre, the
 * order detail): each component using them imports this module, which adds them on load.
 */
export const orderCardMessages = {
  'zh-CN': {
    'ucOrders.orderNo': '订单编号：{orderNo}',
    'ucOrders.createdAt': '下单时间：{at}',
    'ucOrders.quantity': '× {quantity}',
    'ucOrders.pay': '去支付',
    'ucOrders.cancel': '取消订单',
    'ucOrders.receive': '确认收货',
    'ucOrders.refund': '申请退款',
    'ucOrders.afterSales': '售后进度',
    'ucOrders.confirmCancel': '确认取消该订单吗？',
    'ucOrders.confirmReceive': '确认已收到商品吗？',
    'ucOrders.keepOrder': '再想想',
    'ucOrders.notReceived': '再想想',
    'ucOrders.refundTitle': '申请退款',
    'ucOrders.refundReason': '退款原因',
    'ucOrders.submit': '提交',
    'ucOrders.afterSalesTitle': '售后进度',
    'ucOrders.noAfterSales': '暂无售后记录',
    'ucOrders.shipment': '{courier} 运单号：{waybillNo}',
  },
  'en-GB': {
    'ucOrders.orderNo': 'Order number: {orderNo}',
    'ucOrders.createdAt': 'Ordered: {at}',
    'ucOrders.quantity': '× {quantity}',
    'ucOrders.pay': 'Pay',
    'ucOrders.cancel': 'Cancel order',
    'ucOrders.receive': 'Confirm receipt',
    'ucOrders.refund': 'Apply for refund',
    'ucOrders.afterSales': 'After-sales progress',
    'ucOrders.confirmCancel': 'Confirm to cancel the order?',
    'ucOrders.confirmReceive': 'Confirm receipt of the goods?',
    'ucOrders.keepOrder': 'Keep order',
    'ucOrders.notReceived': 'Not yet',
    'ucOrders.refundTitle': 'Apply for refund',
    'ucOrders.refundReason': 'Reason',
    'ucOrders.submit': 'Submit',
    'ucOrders.afterSalesTitle': 'After-sales progress',
    'ucOrders.noAfterSales': 'No after-sales records',
    'ucOrders.shipment': '{courier}, waybill number {waybillNo}',
  },
};

export default addCatalogue(orderCardMessages);
