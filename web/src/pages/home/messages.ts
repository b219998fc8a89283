import { addCatalogue } from '../../i18n/messages-collect.ts';
/** Texts of the home page. Keys, not sentences; both locales. */
export default addCatalogue({
  'zh-CN': {
    'home.cards': '精选推荐',
    'home.notices': '商城公告',
    'home.guarantees': '服务保障',
    'home.hot': '热门商品',
    'home.new': '新品上市',
    // each says where it leads: a link read out of context (a screen reader's list of links) still makes sense
    'home.moreHot': '更多热门商品',
    'home.moreNew': '更多新品',
    'home.allCategories': '全部分类',
    'home.goodsList': '全部商品',
  },
  'en-GB': {
    'home.cards': 'Featured',
    'home.notices': 'Notices',
    'home.guarantees': 'Our guarantees',
    'home.hot': 'Popular Products',
    'home.new': 'New products are on the market',
    'home.moreHot': 'More popular products',
    'home.moreNew': 'More new products',
    'home.allCategories': 'All categories',
    'home.goodsList': 'All products',
  },
});
