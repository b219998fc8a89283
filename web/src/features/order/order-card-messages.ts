import { addCatalogue } from '../../i18n/messages-collect.ts';

/**
 * Texts of the order card, its actions (pay, cancel, receipt, refund) and the after-sales steps,
 * in both locales. They travel with the lazy chunks that show orders (the personal centre, the
 * order detail): each component using them imports this module, which adds them on load.
 */
export const orderCardMessages = {
  'zh-CN': {
    'ucOrders.status.PENDING': '待付款',
    'ucOrders.status.PAID': '待发货',
    'ucOrders.status.RECEIVED': '待收货',
    'ucOrders.status.COMPLETE': '已完成',
    'ucOrders.status.CANCEL': '已取消',
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
    'ucOrders.refundTitle': '申请退款',
    'ucOrders.refundReason': '退款原因',
    'ucOrders.submit': '提交',
    'ucOrders.afterSalesTitle': '售后进度',
    'ucOrders.noAfterSales': '暂无售后记录',
    'ucReview.PENDING': '待审核',
    'ucReview.PASSED': '已通过',
    'ucReview.REJECTED': '已拒绝',
  },
  'en-GB': {
    'ucOrders.status.PENDING': 'Awaiting payment',
    'ucOrders.status.PAID': 'Awaiting delivery',
    'ucOrders.status.RECEIVED': 'Awaiting receipt',
    'ucOrders.status.COMPLETE': 'Complete',
    'ucOrders.status.CANCEL': 'Cancelled',
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
    'ucOrders.refundTitle': 'Apply for refund',
    'ucOrders.refundReason': 'Reason',
    'ucOrders.submit': 'Submit',
    'ucOrders.afterSalesTitle': 'After-sales progress',
    'ucOrders.noAfterSales': 'No after-sales records',
    'ucReview.PENDING': 'Pending review',
    'ucReview.PASSED': 'Passed',
    'ucReview.REJECTED': 'Rejected',
  },
};

addCatalogue(orderCardMessages);
