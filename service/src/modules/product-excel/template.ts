import ExcelJS from 'exceljs';
import type { AppContext } from '../../context.ts';
import { FLAG_CHOICES, headerText, IMPORT_COLUMNS, type ImportColumn } from './columns.ts';
import { MAX_IMPORT_ROWS } from './read-rows.ts';

const EXAMPLE: Record<ImportColumn['field'], string | number> = {
  nameZh: '示例商品 保温杯 500ml',
  nameEn: 'Example: Vacuum Flask 500 ml',
  descriptionZh: '不锈钢内胆，保温 12 小时。',
  descriptionEn: 'Stainless steel, keeps drinks hot for 12 hours.',
  categoryId: '',
  price: 59,
  originalPrice: 79,
  stock: 100,
  isHot: '否',
  isNew: '是',
  onShelf: '是',
};

const CATEGORY_SHEET = 'Categories';

/** A sheet's validation rules by range: exceljs keeps them there, though its typings leave them out. */
const rules = (sheet: ExcelJS.Worksheet) =>
  (sheet as unknown as { dataValidations: { add(range: string, rule: ExcelJS.DataValidation): void } })
    .dataValidations;

/**
 * GET /admin/product/import-template: the header row (each title in zh-CN, then en-GB on a second
 * line), one example row to overwrite, and drop-down lists for the category (the leaf categories'
 * Chinese names, listed on a second sheet with their English names and ids, any of which the
 * import accepts) and the yes/no columns. Prices are yuan with two decimals.
 */
export async function importTemplate(ctx: AppContext): Promise<Buffer> {
  const categories = await ctx.db
    .selectFrom('categories as c')
    .select(['c.id', 'c.name', 'c.name_en', 'c.card_name'])
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('categories as child').select('child.id').whereRef('child.parent_id', '=', 'c.id'),
        ),
      ),
    )
    .orderBy('c.parent_id')
    .orderBy('c.sort')
    .orderBy('c.id')
    .execute();

  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('商品 Products', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = IMPORT_COLUMNS.map((column) => ({
    header: headerText(column),
    key: column.field,
    width: column.width,
    style:
      column.kind === 'money'
        ? { numFmt: '0.00' }
        : column.kind === 'whole'
          ? { numFmt: '0' }
          : { numFmt: '@' },
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.alignment = { wrapText: true, vertical: 'middle' };
  header.height = 32;
  sheet.addRow({ ...EXAMPLE, categoryId: categories[0]?.name ?? '' });

  const list = workbook.addWorksheet(CATEGORY_SHEET);
  list.columns = [
    { header: '分类\nCategory', key: 'name', width: 16 },
    { header: '英文名\nEnglish name', key: 'nameEn', width: 20 },
    { header: 'ID', key: 'id', width: 8 },
    { header: '代码\nSlug', key: 'slug', width: 16 },
  ];
  list.getRow(1).font = { bold: true };
  for (const category of categories) {
    list.addRow({ name: category.name, nameEn: category.name_en, id: category.id, slug: category.card_name });
  }

  const lastRow = MAX_IMPORT_ROWS + 1;
  IMPORT_COLUMNS.forEach((column, index) => {
    const letter = String.fromCharCode(65 + index);
    let validation: ExcelJS.DataValidation | null = null;
    if (column.kind === 'category' && categories.length) {
      validation = {
        type: 'list',
        allowBlank: false,
        formulae: [`'${CATEGORY_SHEET}'!$A$2:$A$${categories.length + 1}`],
        showErrorMessage: true,
        errorTitle: '分类 Category',
        error: '请从列表中选择 · Choose from the list',
      };
    } else if (column.kind === 'flag') {
      validation = {
        type: 'list',
        allowBlank: true,
        formulae: [`"${FLAG_CHOICES.join(',')}"`],
        showErrorMessage: true,
        error: '是 / 否 · Yes / No',
      };
    }
    // One range rule per column (sqref 'E2:E10001'), not ten thousand cell rules.
    if (validation) rules(sheet).add(`${letter}2:${letter}${lastRow}`, validation);
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
