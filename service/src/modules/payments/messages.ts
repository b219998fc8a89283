import { defineMessages } from '../../i18n/index.ts';

/** Texts of payments, the lpay notification handler and the lpay sandbox pages. */
export const paymentMessages = defineMessages({
  'payment.linkExpired': { 'zh-CN': '支付链接已过期！', 'en-GB': 'Payment link expired!' },
  'payment.orderPaid': { 'zh-CN': '该订单已支付', 'en-GB': 'This order has been paid' },
  'payment.signatureInvalid': {
    'zh-CN': '支付通知签名无效',
    'en-GB': 'The payment notification signature is not valid',
  },
  'payment.signatureStale': {
    'zh-CN': '支付通知已过期',
    'en-GB': 'The payment notification is too old',
  },
  'payment.malformedEvent': {
    'zh-CN': '支付通知内容不正确',
    'en-GB': 'The payment notification is malformed',
  },
  'payment.amountMismatch': {
    'zh-CN': '支付金额与订单金额不一致',
    'en-GB': 'The paid amount does not match the order amount',
  },
  'payment.unknownPayment': {
    'zh-CN': '支付记录不存在',
    'en-GB': 'The payment does not exist',
  },
  'payment.processed': { 'zh-CN': '支付通知已处理', 'en-GB': 'Payment notification processed' },
  'payment.duplicate': {
    'zh-CN': '该支付通知已处理过',
    'en-GB': 'This payment notification was already processed',
  },
  'payment.lateReason': {
    'zh-CN': '订单取消后到账的付款，需退回',
    'en-GB': 'Payment received after the order was cancelled; to be returned',
  },
  'payment.duplicateReason': {
    'zh-CN': '订单重复支付，需退回',
    'en-GB': 'The order was paid twice; to be returned',
  },
  'field.method': { 'zh-CN': '支付方式', 'en-GB': 'Payment method' },
  'lpay.title': { 'zh-CN': 'lpay 收银台', 'en-GB': 'lpay checkout' },
  'lpay.sandbox': {
    'zh-CN': '沙箱环境：不会产生真实扣款',
    'en-GB': 'Sandbox: no real money is moved',
  },
  'lpay.amount': { 'zh-CN': '支付金额', 'en-GB': 'Amount to pay' },
  'lpay.orderNo': { 'zh-CN': '订单编号', 'en-GB': 'Order number' },
  'lpay.expiresAt': { 'zh-CN': '支付截止时间', 'en-GB': 'Pay before' },
  'lpay.pay': { 'zh-CN': '确认支付', 'en-GB': 'Pay' },
  'lpay.cancel': { 'zh-CN': '取消支付', 'en-GB': 'Cancel' },
  'lpay.expiredHint': {
    'zh-CN': '请返回订单页面重新发起支付。',
    'en-GB': 'Please go back to your order and start the payment again.',
  },
  'lpay.orderPaidHint': {
    'zh-CN': '订单已通过另一个支付链接付款，无需再次支付。',
    'en-GB': 'The order was paid through another payment link; there is nothing more to pay.',
  },
  'lpay.viewOrder': { 'zh-CN': '查看订单', 'en-GB': 'View order' },
  'lpay.backToShop': { 'zh-CN': '返回商城', 'en-GB': 'Back to the shop' },
  'lpay.failed': {
    'zh-CN': '支付未能完成，请稍后再试。',
    'en-GB': 'The payment could not be completed, please try again later.',
  },
});
