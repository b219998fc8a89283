import { stockRuleTexts } from '@shop/common/validation/stock.ts';
import { defineMessages } from '../../i18n/index.ts';

/** Texts of the back office's stock adjustments. */
export const stockMessages = defineMessages({
  ...stockRuleTexts,
  'stock.adjusted': { 'zh-CN': '库存已调整', 'en-GB': 'The stock has been adjusted' },
  'stock.notEnough': {
    'zh-CN': '库存不足：当前库存 {stock} 件，不能减少 {count} 件',
    'en-GB': 'Only {stock} in stock: {count} cannot be taken away',
  },
  'stock.productNotFound': { 'zh-CN': '商品不存在', 'en-GB': 'The product does not exist' },
  'field.delta': { 'zh-CN': '调整数量', 'en-GB': 'Change in stock' },
  'field.note': { 'zh-CN': '备注', 'en-GB': 'Note' },
});
