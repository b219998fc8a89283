import { addCatalogue } from '../i18n/messages-collect.ts';

/** Texts of this lazy part, added when it loads (not part of the start-up catalogue). */
export const pastLastPageMessages = {
  'zh-CN': {
    'kit.pastLastPage': '没有第 {page} 页：列表只有 {pages} 页',
    'kit.lastPage': '回到最后一页（第 {page} 页）',
    'kit.firstPage': '回到第一页',
  },
  'en-GB': {
    'kit.pastLastPage': 'There is no page {page}: the list has {pages, plural, one {# page} other {# pages}}',
    'kit.lastPage': 'Go to the last page (page {page})',
    'kit.firstPage': 'Go to the first page',
  },
};

export default addCatalogue(pastLastPageMessages);
