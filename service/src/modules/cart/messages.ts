import { cartQuantityTexts } from '@shop/common/validation/cart-quantity.ts';
import { defineMessages } from '../../i18n/index.ts';

/** Texts of the cart. */
export const cartMessages = defineMessages({
  'cart.added': { 'zh-CN': '加入购物车成功!', 'en-GB': 'Add to cart successfully!' },
  'cart.lineNotFound': { 'zh-CN': '购物车中没有该商品', 'en-GB': 'This item is not in your cart' },
  'cart.outOfStock': { 'zh-CN': '该商品已售罄', 'en-GB': 'This product is sold out' },
  'cart.insufficientStock': {
    'zh-CN': '库存不足，该商品最多可购买 {stock} 件',
    'en-GB': 'Not enough stock: at most {stock} of this product can be bought',
  },
  'cart.onlyLeft': { 'zh-CN': '库存不足，仅剩 {stock} 件', 'en-GB': 'Not enough stock, only {stock} left' },
  ...cartQuantityTexts,
  'cart.tooManyLines': {
    'zh-CN': '购物车最多可放 {max} 种商品，请先清理购物车',
    'en-GB': 'The cart holds at most {max} different products, please remove some first',
  },
  'cart.nothingToChange': {
    'zh-CN': '请提供数量或选中状态',
    'en-GB': 'Please give a quantity or a selected state',
  },
  'field.productId': { 'zh-CN': '商品', 'en-GB': 'Product' },
  'field.quantity': { 'zh-CN': '数量', 'en-GB': 'Quantity' },
  'field.selected': { 'zh-CN': '选中状态', 'en-GB': 'Selected' },
});
