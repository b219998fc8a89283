import { addCatalogue } from '../../i18n/messages-collect.ts';
/** Texts of the home page. Keys, not sentences; both locales. */
export default addCatalogue({
  'zh-CN': {
    'home.cards': '精选推荐',
    'home.notices': '商城公告',
    'home.guarantees': '服务保障',
    'home.hot': '热门商品',
    'home.new': '新品上市',
    'home.more': '查看更多',
    'home.allCategories': '全部分类',
    'home.goodsList': '全部商品',
  },
  'en-GB': {
    'home.cards': 'Featured',
    'home.notices': 'Notices',
    'home.guarantees': 'Our guarantees',
    'home.hot': 'Popular Products',
    'home.new': 'New products are on the market',
    'home.more': 'See more',
    'home.allCategories': 'All categories',
    'home.goodsList': 'All products',
  },
});
