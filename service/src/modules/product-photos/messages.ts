import { defineMessages } from '../../i18n/index.ts';

/** Texts of a product's photographs in the back office. */
export const photoMessages = defineMessages({
  'productPhoto.added': { 'zh-CN': '图片已添加', 'en-GB': 'The photo has been added' },
  'productPhoto.reordered': { 'zh-CN': '图片顺序已保存', 'en-GB': 'The photo order has been saved' },
  'productPhoto.mainSet': { 'zh-CN': '主图已设置', 'en-GB': 'The main photo has been set' },
  'productPhoto.removed': { 'zh-CN': '图片已移除', 'en-GB': 'The photo has been removed' },
  'productPhoto.productNotFound': { 'zh-CN': '商品不存在', 'en-GB': 'The product does not exist' },
  'productPhoto.notFound': {
    'zh-CN': '该图片不存在或不属于此商品',
    'en-GB': 'The photo does not exist or belongs to another product',
  },
  'productPhoto.notUploaded': {
    'zh-CN': '请先上传图片（jpeg、png、gif 或 webp）',
    'en-GB': 'Upload the photo first (jpeg, png, gif or webp)',
  },
  'productPhoto.alreadyAdded': {
    'zh-CN': '这张图片已添加到商品',
    'en-GB': 'This photo has already been added to a product',
  },
  'productPhoto.tooMany': {
    'zh-CN': '每个商品最多 {max} 张图片',
    'en-GB': 'A product can have at most {max} photos',
  },
  'productPhoto.orderMismatch': {
    'zh-CN': '图片顺序须包含该商品的全部图片，且每张仅一次',
    'en-GB': 'The order must list each of the product’s photos exactly once',
  },
  // Field labels other back-office modules share: the same texts, or the registry refuses them.
  'field.fullfilename': { 'zh-CN': '图片', 'en-GB': 'Picture' },
  'field.version': { 'zh-CN': '版本', 'en-GB': 'Version' },
  'field.photoIds': { 'zh-CN': '图片顺序', 'en-GB': 'Photo order' },
});
