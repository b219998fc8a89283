import { addCatalogue } from '../../i18n/messages-collect.ts';

/**
 * Texts of the search results page and what it offers when nothing is found: they travel with its
 * chunk. Keys, not sentences; both locales.
 */
export const searchMessages = {
  'zh-CN': {
    'search.title': '“{keyword}” 的搜索结果',
    'search.count': '共找到 {total} 件商品',
    'search.empty': '没有找到 “{keyword}” 相关的商品',
    'search.showingFor': '显示“{keyword}”的结果',
    'search.heading': '搜索商品',
    'search.emptyHint': '换个词试试，或看看下面的热门商品。',
    'search.hotPicks': '热门商品',
    'search.noKeyword': '请输入要搜索的商品名称或关键词',
    'search.tooLong': '搜索词最多 {max} 个字，请缩短后再搜索',
    'search.otherLanguage': '英文名称匹配：',
    'search.facet.category': '分类',
    'search.facet.price': '价格',
    'search.facet.all': '全部',
    'search.facet.priceBand': '{min}–{max}',
    'search.facet.priceFrom': '{min} 以上',
  },
  'en-GB': {
    'search.title': 'Search results for “{keyword}”',
    'search.count': '{total, plural, one {# product} other {# products}} found',
    'search.empty': 'No products match “{keyword}”',
    'search.showingFor': 'Showing results for “{keyword}”',
    'search.heading': 'Search products',
    'search.emptyHint': 'Try other words, or have a look at the popular products below.',
    'search.hotPicks': 'Popular Products',
    'search.noKeyword': 'Type a product name or a few words to search for',
    'search.tooLong': 'Search words can be at most {max} characters long: shorten them and search again',
    'search.otherLanguage': 'Matches the Chinese name: ',
    'search.facet.category': 'Category',
    'search.facet.price': 'Price',
    'search.facet.all': 'All',
    'search.facet.priceBand': '{min}–{max}',
    'search.facet.priceFrom': '{min} and over',
  },
};

export default addCatalogue(searchMessages);
