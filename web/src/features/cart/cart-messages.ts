import { addCatalogue } from '../../i18n/messages-collect.ts';

/**
 * Texts of the cart screen (its table and lines): they travel with its chunk, not in the first
 * page's bundle. Keys, not sentences; both locales.
 */
export const cartMessages = {
  'zh-CN': {
    'cart.title': '购物车',
    'cart.product': '商品',
    'cart.unitPrice': '单价',
    'cart.quantity': '数量',
    'cart.subtotal': '小计',
    'cart.actions': '操作',
    'cart.select': '选择 {name}',
    'cart.selectAll': '全选',
    'cart.remove': '删除',
    'cart.removeLine': '删除 {name}',
    'cart.confirmDelete': '确认删除？',
    'cart.keepLine': '再想想',
    'cart.unavailable': '已失效',
    'cart.unavailableHint': '商品已下架或库存不足，无法结算',
    'cart.total': '合计',
    'cart.selectedCount': '已选 {count} 件',
    'cart.totalQuantity': '共 {count} 件商品',
    'cart.checkout': '去结算',
    'cart.empty': '购物车是空的',
    'cart.goShopping': '去逛逛',
    'cart.loginNeeded': '登录后查看购物车',
    'cart.login': '立即登录',
    'cart.unknownProduct': '商品不存在',
    'cart.priceChanged': '价格已变动',
    'cart.priceWhenAdded': '，加入购物车时的价格为',
  },
  'en-GB': {
    'cart.title': 'Shopping cart',
    'cart.product': 'Product',
    'cart.unitPrice': 'Unit price',
    'cart.quantity': 'Quantity',
    'cart.subtotal': 'Subtotal',
    'cart.actions': 'Actions',
    'cart.select': 'Select {name}',
    'cart.selectAll': 'Select all',
    'cart.remove': 'Remove',
    'cart.removeLine': 'Remove {name}',
    'cart.confirmDelete': 'Confirm deletion?',
    'cart.keepLine': 'Keep item',
    'cart.unavailable': 'Unavailable',
    'cart.unavailableHint': 'Off the shelf or out of stock: it cannot be checked out',
    'cart.total': 'Total',
    'cart.selectedCount': '{count} selected',
    'cart.totalQuantity': '{count, plural, one {# item} other {# items}} in the cart',
    'cart.checkout': 'Check out',
    'cart.empty': 'Your cart is empty',
    'cart.goShopping': 'Go shopping',
    'cart.loginNeeded': 'Log in to see your cart',
    'cart.login': 'Log in now',
    'cart.unknownProduct': 'Product no longer exists',
    'cart.priceChanged': 'Price changed',
    'cart.priceWhenAdded': '; when added to the cart it was',
  },
};

export default addCatalogue(cartMessages);
