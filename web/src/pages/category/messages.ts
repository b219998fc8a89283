import { addCatalogue } from '../../i18n/messages-collect.ts';
/** Texts of the category pages. Keys, not sentences; both locales. */
export default addCatalogue({
  'zh-CN': {
    'category.all': '全部分类',
    'category.empty': '暂无分类',
    'category.notFound': '分类不存在',
    'category.backHome': '返回首页',
    'category.subCategories': '子分类',
    'category.viewAll': '全部',
    'category.breadcrumb': '所在位置',
  },
  'en-GB': {
    'category.all': 'All categories',
    'category.empty': 'No categories yet',
    'category.notFound': 'This category does not exist',
    'category.backHome': 'Back to the home page',
    'category.subCategories': 'Sub-categories',
    'category.viewAll': 'All',
    'category.breadcrumb': 'You are here',
  },
});
