import { addCatalogue } from '../../i18n/messages-collect.ts';

/**
 * What the cart says only without JavaScript (inside `<noscript>`): the buttons that stand in for
 * its check boxes and the quantity's 更新数量. They travel with the cart's chunk, which imports this
 * module.
 */
const messages = {
  'zh-CN': {
    'cart.updateQuantity': '更新数量',
    'cart.selectLine': '选中',
    'cart.selectLineNamed': '选中 {name}',
    'cart.unselectLine': '取消选中',
    'cart.unselectLineNamed': '取消选中 {name}',
    'cart.unselectAll': '取消全选',
  },
  'en-GB': {
    'cart.updateQuantity': 'Update quantity',
    'cart.selectLine': 'Select',
    'cart.selectLineNamed': 'Select {name}',
    'cart.unselectLine': 'Unselect',
    'cart.unselectLineNamed': 'Unselect {name}',
    'cart.unselectAll': 'Unselect all',
  },
};

export default addCatalogue(messages);
