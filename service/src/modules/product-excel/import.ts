import fs from 'node:fs/promises';
import path from 'node:path';
import type { RestImportReport } from '@shop/common/rest/index.ts';
import type { AppContext } from '../../context.ts';
import { ApiError, badRequest, notFound } from '../../http/envelope.ts';
import type { Locale } from '../../i18n/index.ts';
import { claimedExtension } from '../files/service.ts';
import { STORED_NAME } from '../files/types.ts';
import type { ProductActor } from '../product-admin/history.ts';
import type { CategoryLookup } from './cells.ts';
import { type CheckedSheet, checkRows } from './check-rows.ts';
import { excelMessages as m } from './messages.ts';
import { sheetRows } from './read-rows.ts';
import { writeProducts } from './write-rows.ts';
import { checkZipBudget } from './zip-guard.ts';

/**
 * POST /admin/product/import: rows read (blank ones aside), rows that passed, products created (0
 * for a dry run and for a sheet with any problem) with their ids in row order, and every problem.
 */
export type ImportReport = RestImportReport;

/** An uploaded spreadsheet of the caller's: the bytes of one of their own uploads, nobody else's. */
async function readUpload(ctx: AppContext, fullfilename: string, userId: number): Promise<Buffer> {
  const row = STORED_NAME.test(fullfilename)
    ? await ctx.db
        .selectFrom('files')
        .select('fullfilename')
        .where('fullfilename', '=', fullfilename)
        .where('user_id', '=', userId)
        .executeTakeFirst()
    : undefined;
  if (!row) throw notFound(m['excel.fileNotFound']);
  const extension = claimedExtension(row.fullfilename);
  // exceljs reads Office Open XML only; a BIFF .xls would need another parser.
  if (extension === 'xls') throw badRequest(m['excel.xlsNotSupported']);
  if (extension !== 'xlsx') throw badRequest(m['excel.unreadable']);
  return fs.readFile(path.join(ctx.config.uploadDir, row.fullfilename)).catch(() => {
    throw notFound(m['excel.fileNotFound']);
  });
}

/** Finds a category by id, Chinese or English name or slug (names case-insensitively). */
async function categoryLookup(ctx: AppContext): Promise<CategoryLookup> {
  const rows = await ctx.db.selectFrom('categories').select(['id', 'name', 'name_en', 'card_name']).execute();
  const byText = new Map<string, number>();
  for (const row of rows) {
    for (const text of [row.card_name, row.name_en, row.name, String(row.id)])
      byText.set(text.trim().toLowerCase(), row.id);
  }
  return (text) => byText.get(text.trim().toLowerCase());
}

/** Reads and checks the sheet; anything exceljs cannot parse is the admin's file, not a crash. */
async function checkUpload(ctx: AppContext, buffer: Buffer, locale: Locale): Promise<CheckedSheet> {
  await checkZipBudget(buffer);
  const categories = await categoryLookup(ctx);
  try {
    return await checkRows(sheetRows(buffer), categories, locale);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    ctx.log.info({ err: error }, 'spreadsheet not readable');
    throw badRequest(m['excel.unreadable']);
  }
}

/**
 * Checks every row of an uploaded spreadsheet and, unless it is a dry run, creates its products
 * in one transaction. A real import writes nothing while any row has a problem: the admin fixes
 * the file and uploads it again, so what was imported is always exactly the file as checked.
 */
export async function importProducts(
  ctx: AppContext,
  input: { fullfilename: string; dryRun: boolean },
  actor: ProductActor,
  locale: Locale,
): Promise<ImportReport> {
  const buffer = await readUpload(ctx, input.fullfilename, actor.id);
  const checked = await checkUpload(ctx, buffer, locale);
  const report: ImportReport = {
    dryRun: input.dryRun,
    total: checked.rows.length + new Set(checked.problems.map((problem) => problem.row)).size,
    valid: checked.rows.length,
    imported: 0,
    productIds: [],
    problems: checked.problems,
  };
  if (input.dryRun || checked.problems.length > 0) return report;
  report.productIds = await writeProducts(
    ctx,
    checked.rows.map((row) => row.product),
    actor,
  );
  report.imported = report.productIds.length;
  return report;
}
