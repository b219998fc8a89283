import { quantityTexts } from '@shop/common/validation/quantity-texts.ts';
import { addCatalogue } from '../i18n/messages-collect.ts';

const quantity = quantityTexts['validation.enterQuantity'];

/** Texts of the shared kit (components/**). Keys, not sentences; both locales. */
export default addCatalogue({
  'zh-CN': {
    'kit.cancel': '取消',
    'kit.close': '关闭',
    'kit.confirmTitle': '提示',
    'kit.loading': '加载中…',
    'kit.empty': '暂无数据',
    'kit.error': '加载失败',
    'kit.retry': '重试',
    'kit.pagination': '分页',
    'kit.prevPage': '上一页',
    'kit.nextPage': '下一页',
    'kit.quantityClamped': '库存仅剩 {max} 件，已按库存调整',
    'kit.page': '第 {page} 页',
    'kit.total': '共 {total} 条',
    'kit.quantity': '数量',
    'kit.decrease': '减少',
    'kit.increase': '增加',
    'kit.notifications': '消息',
    'validation.enterQuantity': quantity['zh-CN'],
  },
  'en-GB': {
    'kit.cancel': 'Cancel',
    'kit.close': 'Close',
    'kit.confirmTitle': 'Notice',
    'kit.loading': 'Loading…',
    'kit.empty': 'No data',
    'kit.error': 'Failed to load',
    'kit.retry': 'Retry',
    'kit.pagination': 'Pagination',
    'kit.prevPage': 'Previous page',
    'kit.nextPage': 'Next page',
    'kit.quantityClamped': 'Only {max} in stock: the quantity was set to {max}',
    'kit.page': 'Page {page}',
    'kit.total': '{total} in total',
    'kit.quantity': 'Quantity',
    'kit.decrease': 'Decrease',
    'kit.increase': 'Increase',
    'kit.notifications': 'Notifications',
    'validation.enterQuantity': quantity['en-GB'],
  },
});
