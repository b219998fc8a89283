import { defineMessages } from '../../i18n/index.ts';

/** Texts of the catalogue, cart and address modules. Field labels are `field.<name>`. */
export const catalogueMessages = defineMessages({
  'catalogue.offShelf': {
    'zh-CN': '该商品已下架~',
    'en-GB': 'This product has been removed from the shelves~',
  },
  'catalogue.productNotFound': { 'zh-CN': '商品不存在', 'en-GB': 'The product does not exist' },
  'catalogue.categoryNotFound': { 'zh-CN': '商品分类不存在', 'en-GB': 'The category does not exist' },
  'catalogue.invalidIds': {
    'zh-CN': 'ids 须为 1-100 个以逗号分隔的商品编号',
    'en-GB': 'ids must be 1-100 product ids separated by commas',
  },
  'catalogue.invalidSort': {
    'zh-CN': '排序方式只能是 default、relevance、priceAsc、priceDesc、sales 或 newest',
    'en-GB': 'sort must be default, relevance, priceAsc, priceDesc, sales or newest',
  },
  'catalogue.invalidPrice': {
    'zh-CN': '价格须为不小于 0 的整数（分）',
    'en-GB': 'A price must be a whole number of fen, 0 or more',
  },
  'field.keyword': { 'zh-CN': '搜索关键词', 'en-GB': 'Search keyword' },
  'field.sort': { 'zh-CN': '排序方式', 'en-GB': 'Sort order' },
  'field.categoryId': { 'zh-CN': '商品分类', 'en-GB': 'Category' },
  'field.cardName': { 'zh-CN': '分类标识', 'en-GB': 'Category slug' },
  'field.minPrice': { 'zh-CN': '最低价格', 'en-GB': 'Lowest price' },
  'field.maxPrice': { 'zh-CN': '最高价格', 'en-GB': 'Highest price' },
  'field.ids': { 'zh-CN': '商品编号列表', 'en-GB': 'Product ids' },
});
