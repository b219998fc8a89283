import { catalogueStructureRuleTexts } from '@shop/common/validation/catalogue-structure-texts.ts';
import { defineMessages } from '../../i18n/index.ts';

/** Texts of the back office's category and home-card editors. */
export const catalogueAdminMessages = defineMessages({
  ...catalogueStructureRuleTexts,
  'category.versionConflict': {
    'zh-CN': '该分类已被他人修改，请刷新后再试',
    'en-GB': 'Someone else changed this category; reload and try again.',
  },
  'category.notFound': { 'zh-CN': '分类不存在', 'en-GB': 'The category does not exist' },
  'category.slugTaken': {
    'zh-CN': '分类标识 {cardName} 已被使用',
    'en-GB': 'The category slug {cardName} is already taken',
  },
  'category.parentNotTop': {
    'zh-CN': '上级分类须为一级分类',
    'en-GB': 'The parent must be a top-level category',
  },
  'category.orderStale': {
    'zh-CN': '分类列表已变化，请刷新后重新排序',
    'en-GB': 'The categories have changed; reload and order them again',
  },
  'category.notEmpty': {
    'zh-CN': '该分类或其子分类下还有 {count} 件商品，不能删除；可以先隐藏它',
    'en-GB':
      'This category or its sub-categories still hold {count} products, so it cannot be deleted; hide it instead',
  },
  'category.hidden': { 'zh-CN': '分类已隐藏', 'en-GB': 'The category has been hidden' },
  'category.shown': { 'zh-CN': '分类已显示', 'en-GB': 'The category is shown again' },
  'category.deleted': { 'zh-CN': '分类已删除', 'en-GB': 'The category has been deleted' },
  'category.created': { 'zh-CN': '分类已创建', 'en-GB': 'The category has been created' },
  'category.saved': { 'zh-CN': '分类已保存', 'en-GB': 'The category has been saved' },
  'category.reordered': { 'zh-CN': '分类顺序已保存', 'en-GB': 'The order of the categories has been saved' },
  'homeCard.versionConflict': {
    'zh-CN': '该首页卡片已被他人修改，请刷新后再试',
    'en-GB': 'Someone else changed this home card; reload and try again.',
  },
  'homeCard.notFound': { 'zh-CN': '首页卡片不存在', 'en-GB': 'The home card does not exist' },
  'homeCard.unknownKind': { 'zh-CN': '卡片类型不存在', 'en-GB': 'There is no such kind of card' },
  'homeCard.orderStale': {
    'zh-CN': '卡片列表已变化，请刷新后重新排序',
    'en-GB': 'The cards have changed; reload and order them again',
  },
  'homeCard.created': { 'zh-CN': '首页卡片已创建', 'en-GB': 'The home card has been created' },
  'homeCard.saved': { 'zh-CN': '首页卡片已保存', 'en-GB': 'The home card has been saved' },
  'homeCard.reordered': { 'zh-CN': '卡片顺序已保存', 'en-GB': 'The order of the cards has been saved' },
  'homeCard.removed': { 'zh-CN': '首页卡片已删除', 'en-GB': 'The home card has been removed' },
  'picture.notAnImage': {
    'zh-CN': '请选择已上传的图片（jpeg、png、gif 或 webp）',
    'en-GB': 'Choose an uploaded picture (jpeg, png, gif or webp)',
  },
  // field.cardName is the catalogue's ('分类标识'); field.version is left to whoever defines it first.
  'field.nameZh': { 'zh-CN': '中文名称', 'en-GB': 'Chinese name' },
  'field.nameEn': { 'zh-CN': '英文名称', 'en-GB': 'English name' },
  'field.parentId': { 'zh-CN': '上级分类', 'en-GB': 'Parent category' },
  'field.categoryIds': { 'zh-CN': '分类顺序', 'en-GB': 'Order of the categories' },
  'field.cardIds': { 'zh-CN': '卡片顺序', 'en-GB': 'Order of the cards' },
  'field.picture': { 'zh-CN': '图片', 'en-GB': 'Picture' },
  'field.kind': { 'zh-CN': '卡片类型', 'en-GB': 'Kind of card' },
  'field.titleZh': { 'zh-CN': '中文标题', 'en-GB': 'Chinese title' },
  'field.titleEn': { 'zh-CN': '英文标题', 'en-GB': 'English title' },
  'field.subtitleZh': { 'zh-CN': '中文副标题', 'en-GB': 'Chinese subtitle' },
  'field.subtitleEn': { 'zh-CN': '英文副标题', 'en-GB': 'English subtitle' },
  'field.link': { 'zh-CN': '链接', 'en-GB': 'Link' },
  'field.enabled': { 'zh-CN': '显示', 'en-GB': 'Shown' },
  'field.hidden': { 'zh-CN': '隐藏', 'en-GB': 'Hidden' },
});
