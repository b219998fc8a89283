import { defineMessages } from '../../i18n/index.ts';

/** Texts of the back office's product editing. */
export const productAdminMessages = defineMessages({
  'product.versionConflict': {
    'zh-CN': '该商品已被他人修改，请刷新后再试',
    'en-GB': 'Someone else changed this product; reload and try again.',
  },
  'product.created': { 'zh-CN': '商品已创建', 'en-GB': 'The product has been created' },
  'product.updated': { 'zh-CN': '商品已保存', 'en-GB': 'The product has been saved' },
  'product.withdrawn': { 'zh-CN': '商品已撤回，顾客将看不到它', 'en-GB': 'The product has been withdrawn from sale' },
  'product.restored': { 'zh-CN': '商品已恢复', 'en-GB': 'The product has been restored' },
  'product.alreadyWithdrawn': { 'zh-CN': '该商品已撤回', 'en-GB': 'This product is already withdrawn' },
  'product.notWithdrawn': { 'zh-CN': '该商品未被撤回', 'en-GB': 'This product is not withdrawn' },
});
