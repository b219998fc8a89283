import { addCatalogue } from '../i18n/messages-collect.ts';

/**
 * Notes of the quantity box and of paged lists. They travel with the screens using those parts
 * (all lazy chunks), not with the start-up catalogue: the parts import this module, which adds
 * them on load.
 */
export const listKitMessages = {
  'zh-CN': {
    'kit.quantityDigitsOnly': '数量只能输入数字',
    'kit.quantityRestored': '数量至少为 1，已恢复为 {value}',
    'kit.pastLastPage': '没有第 {page} 页：列表只有 {pages} 页',
    'kit.lastPage': '回到最后一页（第 {page} 页）',
    'kit.firstPage': '回到第一页',
  },
  'en-GB': {
    'kit.quantityDigitsOnly': 'The quantity takes digits only',
    'kit.quantityRestored': 'The quantity must be at least 1: it is back to {value}',
    'kit.pastLastPage': 'There is no page {page}: the list has {pages, plural, one {# page} other {# pages}}',
    'kit.lastPage': 'Go to the last page (page {page})',
    'kit.firstPage': 'Go to the first page',
  },
};

addCatalogue(listKitMessages);
