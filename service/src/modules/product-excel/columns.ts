import type { Locale } from '../../i18n/index.ts';

/** How a cell of a column is read: text, a category, yuan, a whole number or yes/no. */
export type ColumnKind = 'text' | 'category' | 'money' | 'whole' | 'flag';

export interface ImportColumn {
  /** The product field the column fills (the shared product rules' name). */
  field:
    | 'nameZh'
    | 'nameEn'
    | 'descriptionZh'
    | 'descriptionEn'
    | 'categoryId'
    | 'price'
    | 'originalPrice'
    | 'stock'
    | 'isHot'
    | 'isNew'
    | 'onShelf';
  kind: ColumnKind;
  title: Record<Locale, string>;
  /** An empty cell is allowed (the rules' default applies). */
  optional?: boolean;
  width: number;
}

/**
 * The template's columns, in order. Every header cell holds both languages, the zh-CN title on
 * the first line and the en-GB one on the second, so one template serves every admin; the import
 * finds a column by its header (either title, or both), so columns may be moved.
 */
export const IMPORT_COLUMNS: readonly ImportColumn[] = [
  {
    field: 'nameZh',
    kind: 'text',
    title: { 'zh-CN': '商品名称（中文）', 'en-GB': 'Name (Chinese)' },
    width: 24,
  },
  {
    field: 'nameEn',
    kind: 'text',
    title: { 'zh-CN': '商品名称（英文）', 'en-GB': 'Name (English)' },
    width: 24,
  },
  {
    field: 'descriptionZh',
    kind: 'text',
    title: { 'zh-CN': '商品描述（中文）', 'en-GB': 'Description (Chinese)' },
    optional: true,
    width: 32,
  },
  {
    field: 'descriptionEn',
    kind: 'text',
    title: { 'zh-CN': '商品描述（英文）', 'en-GB': 'Description (English)' },
    optional: true,
    width: 32,
  },
  { field: 'categoryId', kind: 'category', title: { 'zh-CN': '分类', 'en-GB': 'Category' }, width: 16 },
  { field: 'price', kind: 'money', title: { 'zh-CN': '售价（元）', 'en-GB': 'Price (yuan)' }, width: 14 },
  {
    field: 'originalPrice',
    kind: 'money',
    title: { 'zh-CN': '原价（元）', 'en-GB': 'Original price (yuan)' },
    optional: true,
    width: 14,
  },
  { field: 'stock', kind: 'whole', title: { 'zh-CN': '库存', 'en-GB': 'Stock' }, width: 10 },
  { field: 'isHot', kind: 'flag', title: { 'zh-CN': '热卖', 'en-GB': 'Hot' }, optional: true, width: 8 },
  { field: 'isNew', kind: 'flag', title: { 'zh-CN': '新品', 'en-GB': 'New' }, optional: true, width: 8 },
  {
    field: 'onShelf',
    kind: 'flag',
    title: { 'zh-CN': '上架', 'en-GB': 'On shelf' },
    optional: true,
    width: 8,
  },
];

/** The header cell's text: both titles, one a line. */
export const headerText = (column: ImportColumn) => `${column.title['zh-CN']}\n${column.title['en-GB']}`;

/** Yes and no as the template's drop-down offers them; the import also takes true/false and 1/0. */
export const FLAG_CHOICES = ['是', '否', 'Yes', 'No'] as const;

const normal = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/** The column a header cell names: its zh-CN title, its en-GB title, or both as the template writes them. */
export function columnOfHeader(text: string): ImportColumn | undefined {
  const given = normal(text);
  return IMPORT_COLUMNS.find(
    (column) =>
      given === normal(headerText(column)) ||
      given === normal(column.title['zh-CN']) ||
      given === normal(column.title['en-GB']),
  );
}

/** An Excel column letter for a 1-based index: 1 → 'A', 28 → 'AB'. */
export function columnLetter(index: number): string {
  let letters = '';
  for (let n = index; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}
