import { addCatalogue } from '../../i18n/messages-collect.ts';

/**
 * What the cart and the product page say only without JavaScript (inside `<noscript>`): they travel
 * with those screens' chunks, which import this module.
 */
const messages = {
  'zh-CN': {
    'cart.updateQuantity': '更新数量',
    'cart.selectLine': '选中',
    'cart.selectLineNamed': '选中 {name}',
    'cart.unselectLine': '取消选中',
    'cart.unselectLineNamed': '取消选中 {name}',
    'cart.unselectAll': '取消全选',
    'cart.needsScript': '结算和支付需要开启浏览器的 JavaScript。',
  },
  'en-GB': {
    'cart.updateQuantity': 'Update quantity',
    'cart.selectLine': 'Select',
    'cart.selectLineNamed': 'Select {name}',
    'cart.unselectLine': 'Unselect',
    'cart.unselectLineNamed': 'Unselect {name}',
    'cart.unselectAll': 'Unselect all',
    'cart.needsScript': 'Checkout and payment need JavaScript turned on in your browser.',
  },
};

export default addCatalogue(messages);
