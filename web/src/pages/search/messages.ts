/** Texts of the search results page. Keys, not sentences; both locales. */
export default {
  'zh-CN': {
    'search.title': '“{keyword}” 的搜索结果',
    'search.count': '共找到 {total} 件商品',
    'search.empty': '没有找到 “{keyword}” 相关的商品',
    'search.noKeyword': '请输入内容',
  },
  'en-GB': {
    'search.title': 'Search results for “{keyword}”',
    'search.count': '{total, plural, one {# product} other {# products}} found',
    'search.empty': 'No products match “{keyword}”',
    'search.noKeyword': 'Please enter content',
  },
};
