import { formatDateTime } from '@shop/common/format.ts';
import type { Response } from 'express';
import type { AppContext } from '../../context.ts';
import type { Locale } from '../../i18n/index.ts';
import { systemConfig } from '../reference/service.ts';
import { IMPORT_COLUMNS } from './columns.ts';
import { type ExportColumn, streamWorkbook } from './sheet-writer.ts';

/** Rows read from the database per page while streaming. */
const PAGE = 500;

interface ProductLine {
  id: number;
  name: string;
  name_en: string;
  description: string;
  description_en: string;
  category: string | null;
  price: number;
  original_price: number | null;
  stock: number;
  sales: number;
  is_hot: number;
  is_new: number;
  on_shelf: number;
  withdrawn_at: string | null;
  updated_at: string;
}

const YES_NO: Record<Locale, [string, string]> = { 'zh-CN': ['是', '否'], 'en-GB': ['Yes', 'No'] };
const title = (field: string, locale: Locale) =>
  IMPORT_COLUMNS.find((column) => column.field === field)?.title[locale] ?? field;

/** The columns: the import template's, in its order, then what only the shop knows. */
function productColumns(locale: Locale, zone: string): ExportColumn<ProductLine>[] {
  const [yes, no] = YES_NO[locale];
  const flag = (value: number) => (value ? yes : no);
  const en = locale === 'en-GB';
  return [
    { title: 'ID', kind: 'whole', width: 8, value: (p) => p.id },
    { title: title('nameZh', locale), kind: 'text', width: 24, value: (p) => p.name },
    { title: title('nameEn', locale), kind: 'text', width: 24, value: (p) => p.name_en },
    { title: title('descriptionZh', locale), kind: 'text', width: 32, value: (p) => p.description },
    { title: title('descriptionEn', locale), kind: 'text', width: 32, value: (p) => p.description_en },
    { title: title('categoryId', locale), kind: 'text', width: 16, value: (p) => p.category },
    { title: title('price', locale), kind: 'money', width: 14, value: (p) => p.price },
    { title: title('originalPrice', locale), kind: 'money', width: 14, value: (p) => p.original_price },
    { title: title('stock', locale), kind: 'whole', width: 10, value: (p) => p.stock },
    { title: title('isHot', locale), kind: 'text', width: 8, value: (p) => flag(p.is_hot) },
    { title: title('isNew', locale), kind: 'text', width: 8, value: (p) => flag(p.is_new) },
    { title: title('onShelf', locale), kind: 'text', width: 8, value: (p) => flag(p.on_shelf) },
    { title: en ? 'Sold' : '销量', kind: 'whole', width: 10, value: (p) => p.sales },
    {
      title: en ? 'Withdrawn' : '已撤回',
      kind: 'text',
      width: 10,
      value: (p) => flag(p.withdrawn_at ? 1 : 0),
    },
    {
      title: en ? 'Last changed' : '最后修改时间',
      kind: 'time',
      width: 20,
      value: (p) => formatDateTime(p.updated_at, 'zh-CN', zone),
    },
  ];
}

/** Which products an export takes: on the shelf, off it, withdrawn, or (none given) all. */
export type Shelf = 'on' | 'off' | 'withdrawn';

/** Every product (or those of one shelf state), by id, a page at a time (keyset: no row is read twice or skipped). */
async function* productPages(
  ctx: AppContext,
  shelf: Shelf | undefined,
  locale: Locale,
): AsyncGenerator<ProductLine[]> {
  for (let after = 0; ; ) {
    let select = ctx.db
      .selectFrom('products')
      .leftJoin('categories', 'categories.id', 'products.category_id')
      .select([
        'products.id',
        'products.name',
        'products.name_en',
        'products.description',
        'products.description_en',
        locale === 'en-GB' ? 'categories.name_en as category' : 'categories.name as category',
        'products.price',
        'products.original_price',
        'products.stock',
        'products.sales',
        'products.is_hot',
        'products.is_new',
        'products.on_shelf',
        'products.withdrawn_at',
        'products.updated_at',
      ])
      .where('products.id', '>', after);
    if (shelf === 'withdrawn') select = select.where('products.withdrawn_at', 'is not', null);
    if (shelf === 'on' || shelf === 'off') {
      select = select
        .where('products.withdrawn_at', 'is', null)
        .where('products.on_shelf', '=', shelf === 'on' ? 1 : 0);
    }
    const rows = await select.orderBy('products.id').limit(PAGE).execute();
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1].id;
  }
}

/** GET /admin/product/export: every product as an .xlsx, in the admin's language, times in the shop's zone. */
export async function exportProducts(
  ctx: AppContext,
  res: Response,
  shelf: Shelf | undefined,
  locale: Locale,
): Promise<void> {
  const { timeZone } = await systemConfig(ctx, locale);
  const sheet = locale === 'en-GB' ? 'Products' : '商品';
  await streamWorkbook(
    res,
    'products.xlsx',
    sheet,
    productColumns(locale, timeZone),
    productPages(ctx, shelf, locale),
  );
}
