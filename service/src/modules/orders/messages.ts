import { defineMessages } from '../../i18n/index.ts';

/** Texts of orders, refunds and after-sales. The texts docs/product.md gives are written exactly as given there. */
export const orderMessages = defineMessages({
  'order.selectAddress': { 'zh-CN': '请选择收货地址!', 'en-GB': 'Please select the delivery address!' },
  'order.selectPaymentMethod': { 'zh-CN': '请选择支付方式!', 'en-GB': 'Please select the payment method!' },
  'order.paymentMethodUnavailable': {
    'zh-CN': '该支付方式暂未开放，请选择 lpay 支付',
    'en-GB': 'This payment method is not available yet, please choose lpay',
  },
  'order.notFound': { 'zh-CN': '订单不存在', 'en-GB': 'The order does not exist' },
  'order.statusNotAllowed': {
    'zh-CN': '当前订单状态不允许该操作',
    'en-GB': 'The current order status does not allow this operation',
  },
  'order.expired': {
    'zh-CN': '订单已超过支付期限，已自动取消',
    'en-GB': 'The payment deadline has passed and the order was cancelled',
  },
  'order.noItems': { 'zh-CN': '请选择要结算的商品', 'en-GB': 'Please choose the items to check out' },
  'order.itemsMissing': {
    'zh-CN': '购物车中的商品已变化，请刷新后重试',
    'en-GB': 'Your cart has changed, please refresh and try again',
  },
  'order.requestIdReused': {
    'zh-CN': '该请求编号已用于另一笔不同的下单请求',
    'en-GB': 'This request id was already used for a different order request',
  },
  'order.productMissing': { 'zh-CN': '商品不存在', 'en-GB': 'The product does not exist' },
  'order.productOffShelf': {
    'zh-CN': '{name} 已下架~',
    'en-GB': '{name} has been removed from the shelves~',
  },
  'order.insufficientStock': {
    'zh-CN': '{name} 库存不足',
    'en-GB': 'There is not enough stock of {name}',
  },
  'order.refundPending': {
    'zh-CN': '该订单有待审核的退款申请',
    'en-GB': 'This order has a refund application awaiting review',
  },
  'order.refundApplied': {
    'zh-CN': '退款申请已提交，请等待审核',
    'en-GB': 'Your refund application has been submitted for review',
  },
  'order.cancelled': { 'zh-CN': '订单已取消', 'en-GB': 'The order has been cancelled' },
  'order.received': { 'zh-CN': '已确认收货', 'en-GB': 'Receipt confirmed' },
  'field.cartLineIds': { 'zh-CN': '购物车商品', 'en-GB': 'Cart items' },
  'field.addressId': { 'zh-CN': '收货地址', 'en-GB': 'Delivery address' },
  'field.paymentMethod': { 'zh-CN': '支付方式', 'en-GB': 'Payment method' },
  'field.requestId': { 'zh-CN': '请求编号', 'en-GB': 'Request id' },
  'field.reason': { 'zh-CN': '退款原因', 'en-GB': 'Refund reason' },
});
