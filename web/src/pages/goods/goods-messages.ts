import { addCatalogue } from '../../i18n/messages-collect.ts';

/**
 * Texts of the goods pages (hot, new, list, detail) and the detail's buy box and gallery: they travel
 * with those screens' chunks, not in the first page's bundle. Keys, not sentences; both locales.
 */
export const goodsMessages = {
  'zh-CN': {
    'goods.hot': '热门商品',
    'goods.new': '新品上市',
    'goods.list': '商品列表',
    'goods.offShelf': '该商品已下架~',
    'goods.idMissing': 'id缺失！',
    'goods.notFound': '商品不存在',
    'goods.price': '价格',
    'goods.stock': '库存',
    'goods.stockCount': '{count} 件',
    'goods.sales': '销量',
    'goods.quantity': '数量',
    'goods.addToCart': '加入购物车',
    'goods.buyNow': '立即购买',
    'goods.soldOut': '已售罄',
    'goods.description': '商品详情',
    'goods.images': '商品图片',
    'goods.imageOf': '第 {index} 张图片',
    'goods.backHome': '返回首页',
  },
  'en-GB': {
    'goods.hot': 'Popular Products',
    'goods.new': 'New products are on the market',
    'goods.list': 'Product List',
    'goods.offShelf': 'This product has been removed from the shelves~',
    'goods.idMissing': 'Id is missing!',
    'goods.notFound': 'This product does not exist',
    'goods.price': 'Price',
    'goods.stock': 'Stock',
    'goods.stockCount': '{count} available',
    'goods.sales': 'Sold',
    'goods.quantity': 'Quantity',
    'goods.addToCart': 'Add to cart',
    'goods.buyNow': 'Buy now',
    'goods.soldOut': 'Sold out',
    'goods.description': 'Product details',
    'goods.images': 'Product images',
    'goods.imageOf': 'Image {index}',
    'goods.backHome': 'Back to the home page',
  },
};

export default addCatalogue(goodsMessages);
