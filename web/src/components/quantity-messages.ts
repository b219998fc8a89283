import { cartQuantityTexts } from '@shop/common/validation/cart-quantity.ts';
import { addCatalogue } from '../i18n/messages-collect.ts';

const perItemMax = cartQuantityTexts['cart.quantityMax'];

/**
 * Notes of the quantity box. They travel with the screens using it (lazy chunks: cart, product
 * detail), not with the start-up catalogue: the box imports this module, which adds them on load.
 */
export const quantityMessages = {
  'zh-CN': {
    'kit.quantityDigitsOnly': '数量只能输入数字',
    'kit.quantityRestored': '数量至少为 1，已恢复为 {value}',
    'kit.quantityMax': perItemMax['zh-CN'],
  },
  'en-GB': {
    'kit.quantityDigitsOnly': 'The quantity takes digits only',
    'kit.quantityRestored': 'The quantity must be at least 1: it is back to {value}',
    'kit.quantityMax': perItemMax['en-GB'],
  },
};

export default addCatalogue(quantityMessages);
