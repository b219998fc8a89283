import { defineMessages } from '../../i18n/index.ts';

/** Texts of the back office's excel import and export. */
export const excelMessages = defineMessages({
  'excel.fileNotFound': {
    'zh-CN': '找不到上传的表格，请重新上传',
    'en-GB': 'The uploaded spreadsheet was not found; upload it again',
  },
  'excel.xlsNotSupported': {
    'zh-CN': '不支持旧版 .xls 表格，请在 Excel 中另存为 .xlsx 后再上传',
    'en-GB': 'Old .xls spreadsheets cannot be read; save the file as .xlsx in Excel and upload it again',
  },
  'excel.unreadable': {
    'zh-CN': '无法读取该表格，请使用商品导入模板（.xlsx）',
    'en-GB': 'The spreadsheet cannot be read; use the product import template (.xlsx)',
  },
  'excel.tooLargeUnpacked': {
    'zh-CN': '表格解压后超过 {max}，无法导入',
    'en-GB': 'The spreadsheet is larger than {max} once unpacked and cannot be imported',
  },
  'excel.tooManyRows': {
    'zh-CN': '一次最多导入 {max} 行商品，请拆分表格',
    'en-GB': 'At most {max} product rows can be imported at once; split the spreadsheet',
  },
  'excel.noRows': { 'zh-CN': '表格中没有商品行', 'en-GB': 'The spreadsheet has no product rows' },
  'excel.missingColumn': {
    'zh-CN': '表头缺少“{column}”列，请使用商品导入模板',
    'en-GB': 'The header row has no "{column}" column; use the product import template',
  },
  'excel.badRows': {
    'zh-CN': '有 {count} 处错误，请修改后重新上传，未导入任何商品',
    'en-GB': '{count} problems found: fix them and upload again; no product was imported',
  },
  'excel.checked': {
    'zh-CN': '检查完成：{count} 行商品可以导入',
    'en-GB': 'Checked: {count} product rows can be imported',
  },
  'excel.imported': { 'zh-CN': '已导入 {count} 个商品', 'en-GB': '{count} products imported' },
  'excel.unknownCategory': {
    'zh-CN': '{field} 不存在，请从下拉列表中选择',
    'en-GB': '{field} does not exist; choose one from the list',
  },
  'excel.notYesNo': { 'zh-CN': '{field} 只能填“是”或“否”', 'en-GB': '{field} must be Yes or No' },
  'excel.notMoney': {
    'zh-CN': '{field} 须为金额（元），最多两位小数',
    'en-GB': '{field} must be an amount in yuan with at most two decimals',
  },
  'excel.notWholeNumber': { 'zh-CN': '{field} 须为整数', 'en-GB': '{field} must be a whole number' },
  'excel.formula': {
    'zh-CN': '{field} 含公式，请粘贴为数值',
    'en-GB': '{field} holds a formula; paste it as a value',
  },
  'excel.badDay': {
    'zh-CN': '{field} 须为 {first} 至 {last} 之间的日期，格式如 2026-03-05',
    'en-GB': '{field} must be a date between {first} and {last}, written like 2026-03-05',
  },
  'field.dryRun': { 'zh-CN': '仅检查', 'en-GB': 'Check only' },
  'field.from': { 'zh-CN': '开始日期', 'en-GB': 'From' },
  'field.to': { 'zh-CN': '结束日期', 'en-GB': 'To' },
});
