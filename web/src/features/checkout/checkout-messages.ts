import { addCatalogue } from '../../i18n/messages-collect.ts';

/**
 * Texts of checkout (confirm order, payment, payment result), both locales. They travel with the
 * checkout chunk, not the start-up catalogue: each module using them imports this one, which adds
 * them on load.
 */
export const checkoutMessages = {
  'zh-CN': {
    'checkout.title': '确认订单',
    'checkout.address': '收货地址',
    'checkout.addAddress': '新增收货地址',
    'checkout.noAddress': '还没有收货地址，请先新增',
    'checkout.selectAddress': '请选择收货地址!',
    'checkout.payment': '支付方式',
    'checkout.selectPayment': '请选择支付方式!',
    'checkout.notOffered': '暂未开放',
    'checkout.method.LPAY': 'LPay 支付',
    'checkout.method.STRIPE': 'Stripe',
    'checkout.method.WKPAY': 'WKPay',
    'checkout.items': '商品清单',
    'checkout.product': '商品',
    'checkout.unitPrice': '单价',
    'checkout.quantity': '数量',
    'checkout.amount': '商品金额',
    'checkout.totalProduct': '商品总数',
    'checkout.productAmount': '商品总额',
    'checkout.shippingFee': '运费',
    'checkout.payable': '应付金额',
    'checkout.submit': '提交订单',
    'checkout.nothing': '没有要结算的商品',
    'checkout.backToCart': '返回购物车',
    'checkout.paying': '正在前往支付…',
  },
  'en-GB': {
    'checkout.title': 'Confirm the order',
    'checkout.address': 'Delivery address',
    'checkout.addAddress': 'Add an address',
    'checkout.noAddress': 'No delivery address yet: please add one',
    'checkout.selectAddress': 'Please select the delivery address!',
    'checkout.payment': 'Payment method',
    'checkout.selectPayment': 'Please select the payment method!',
    'checkout.notOffered': 'Not available yet',
    'checkout.method.LPAY': 'LPay',
    'checkout.method.STRIPE': 'Stripe',
    'checkout.method.WKPAY': 'WKPay',
    'checkout.items': 'Items',
    'checkout.product': 'Product',
    'checkout.unitPrice': 'Unit price',
    'checkout.quantity': 'Quantity',
    'checkout.amount': 'Product amount',
    'checkout.totalProduct': 'Total products',
    'checkout.productAmount': 'Product total',
    'checkout.shippingFee': 'Shipping',
    'checkout.payable': 'Payable',
    'checkout.submit': 'Place order',
    'checkout.nothing': 'Nothing to check out',
    'checkout.backToCart': 'Back to the cart',
    'checkout.paying': 'Going to the payment page…',
  },
};

export default addCatalogue(checkoutMessages);
