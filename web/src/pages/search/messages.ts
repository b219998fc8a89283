/** Texts of the search results page. Keys, not sentences; both locales. */
export default {
  'zh-CN': {
    'search.title': '“{keyword}” 的搜索结果',
    'search.count': '共找到 {total} 件商品',
    'search.empty': '没有找到 “{keyword}” 相关的商品',
    'search.noKeyword': '请输入内容',
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
    'search.noKeyword': 'Please enter content',
    'search.otherLanguage': 'Matches the Chinese name: ',
    'search.facet.category': 'Category',
    'search.facet.price': 'Price',
    'search.facet.all': 'All',
    'search.facet.priceBand': '{min}–{max}',
    'search.facet.priceFrom': '{min} and over',
  },
};
