import { addCatalogue } from '../../i18n/messages-collect.ts';

/**
 * What the cart and the product page say only without JavaScript (inside `<noscript>`): they travel
 * with those screens' chunks, which import this module.
 */
const messages = {
  'zh-CN': {
    'cart.updateQuantity': '更新数量',
    'cart.needsScript': '结算和支付需要开启浏览器的 JavaScript。',
  },
  'en-GB': {
    'cart.updateQuantity': 'Update quantity',
    'cart.needsScript': 'Checkout and payment need JavaScript turned on in your browser.',
  },
};

export default addCatalogue(messages);
