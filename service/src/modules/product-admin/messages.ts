import { productRuleTexts } from '@shop/common/validation/product-texts.ts';
import { defineMessages } from '../../i18n/index.ts';

/** Texts of the back office's product editing. */
export const productAdminMessages = defineMessages({
  ...productRuleTexts,
  'product.restoreFirst': {
    'zh-CN': '该商品已撤回，请先恢复再上架',
    'en-GB': 'This product is withdrawn: restore it before putting it on the shelf',
  },
  'field.nameZh': { 'zh-CN': '中文名称', 'en-GB': 'Chinese name' },
  'field.nameEn': { 'zh-CN': '英文名称', 'en-GB': 'English name' },
  'field.descriptionZh': { 'zh-CN': '中文描述', 'en-GB': 'Chinese description' },
  'field.descriptionEn': { 'zh-CN': '英文描述', 'en-GB': 'English description' },
  'field.price': { 'zh-CN': '售价', 'en-GB': 'Price' },
  'field.originalPrice': { 'zh-CN': '原价', 'en-GB': 'Original price' },
  'field.stock': { 'zh-CN': '库存', 'en-GB': 'Stock' },
  'field.isHot': { 'zh-CN': '热门', 'en-GB': 'Hot' },
  'field.isNew': { 'zh-CN': '新品', 'en-GB': 'New' },
  'field.onShelf': { 'zh-CN': '上架', 'en-GB': 'On the shelf' },
  'field.version': { 'zh-CN': '版本', 'en-GB': 'Version' },
  'product.versionConflict': {
    'zh-CN': '该商品已被他人修改，请刷新后再试',
    'en-GB': 'Someone else changed this product; reload and try again.',
  },
  'product.created': { 'zh-CN': '商品已创建', 'en-GB': 'The product has been created' },
  'product.updated': { 'zh-CN': '商品已保存', 'en-GB': 'The product has been saved' },
  'product.withdrawn': {
    'zh-CN': '商品已撤回，顾客将看不到它',
    'en-GB': 'The product has been withdrawn from sale',
  },
  'product.restored': { 'zh-CN': '商品已恢复', 'en-GB': 'The product has been restored' },
  'product.alreadyWithdrawn': { 'zh-CN': '该商品已撤回', 'en-GB': 'This product is already withdrawn' },
  'product.notWithdrawn': { 'zh-CN': '该商品未被撤回', 'en-GB': 'This product is not withdrawn' },
});
