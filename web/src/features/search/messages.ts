import { addCatalogue } from '../../i18n/messages-collect.ts';
/** Texts of the header search's suggestion list. Keys, not sentences; both locales. */
export default addCatalogue({
  'zh-CN': {
    'searchBox.suggestions': '搜索建议',
    'searchBox.recent': '最近搜索',
    'searchBox.clearRecent': '清除最近搜索',
    'searchBox.category': '分类',
    'searchBox.product': '商品',
  },
  'en-GB': {
    'searchBox.suggestions': 'Search suggestions',
    'searchBox.recent': 'Recent searches',
    'searchBox.clearRecent': 'Clear recent searches',
    'searchBox.category': 'Category',
    'searchBox.product': 'Product',
  },
});
