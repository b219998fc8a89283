import type { RestImportRowProblem } from '@shop/common/rest/index.ts';
import { readRuleMessage } from '@shop/common/validation/message.ts';
import type { z } from 'zod';
import { badRequest } from '../../http/envelope.ts';
import { common } from '../../i18n/common.ts';
import { hasMessage, type Locale, translate } from '../../i18n/index.ts';
import { type CategoryLookup, readCell } from './cells.ts';
import { columnLetter, columnOfHeader, IMPORT_COLUMNS, type ImportColumn } from './columns.ts';
import { excelMessages as m } from './messages.ts';
import type { SheetRow } from './read-rows.ts';
import { type ProductRow, productRowSchema } from './rules.ts';

/** One problem of the report, its message in the admin's language. */
export type RowProblem = RestImportRowProblem;

export interface CheckedSheet {
  rows: { number: number; product: ProductRow }[];
  problems: RowProblem[];
}

function issueMessage(issue: z.core.$ZodIssue, label: string, locale: Locale): string {
  const given = issue.message ? readRuleMessage(issue.message) : null;
  if (given && hasMessage(given.key)) return translate(given.key, locale, { ...given.params, field: label });
  if (issue.code === 'too_small') {
    return translate(common['validation.tooSmall'], locale, { field: label, min: Number(issue.minimum) });
  }
  if (issue.code === 'too_big') {
    return translate(common['validation.tooBig'], locale, { field: label, max: Number(issue.maximum) });
  }
  return translate(common['validation.invalid'], locale, { field: label });
}

const isBlank = (row: SheetRow) =>
  row.cells.every((cell) => cell === undefined || (typeof cell === 'string' && cell.trim() === ''));

/**
 * Reads the header row (row 1) to place the columns, then checks every row: each cell for its
 * column's kind, then the whole row with the shared product rules. Every problem of every row is
 * reported (one a cell), not only the first. Blank rows are skipped.
 */
export async function checkRows(
  rows: AsyncIterable<SheetRow>,
  categories: CategoryLookup,
  locale: Locale,
): Promise<CheckedSheet> {
  const checked: CheckedSheet = { rows: [], problems: [] };
  const placed = new Map<ImportColumn['field'], number>();
  for await (const row of rows) {
    if (row.number === 1) {
      row.cells.forEach((cell, index) => {
        const column = typeof cell === 'string' ? columnOfHeader(cell) : undefined;
        if (column && !placed.has(column.field)) placed.set(column.field, index);
      });
      const missing = IMPORT_COLUMNS.find((column) => !column.optional && !placed.has(column.field));
      if (missing) throw badRequest(m['excel.missingColumn'], { column: missing.title[locale] });
      continue;
    }
    if (placed.size === 0)
      throw badRequest(m['excel.missingColumn'], { column: IMPORT_COLUMNS[0].title[locale] });
    if (isBlank(row)) continue;
    checkRow(row, placed, categories, locale, checked);
  }
  if (placed.size === 0) throw badRequest(m['excel.noRows']);
  if (checked.rows.length === 0 && checked.problems.length === 0) throw badRequest(m['excel.noRows']);
  return checked;
}

function checkRow(
  row: SheetRow,
  placed: Map<ImportColumn['field'], number>,
  categories: CategoryLookup,
  locale: Locale,
  checked: CheckedSheet,
): void {
  const input: Record<string, unknown> = {};
  const refused = new Set<string>();
  const report = (column: ImportColumn, message: string) => {
    const index = placed.get(column.field);
    checked.problems.push({
      row: row.number,
      column: index === undefined ? '' : columnLetter(index),
      columnTitle: column.title[locale],
      field: column.field,
      message,
    });
  };
  for (const column of IMPORT_COLUMNS) {
    const index = placed.get(column.field);
    const reading = readCell(column, index === undefined ? undefined : row.cells[index], categories);
    if ('problem' in reading) {
      refused.add(column.field);
      report(column, translate(reading.problem, locale, { field: column.title[locale] }));
    } else if (reading.value !== undefined) {
      input[column.field] = reading.value;
    }
  }
  const result = productRowSchema.safeParse(input, { reportInput: true });
  if (result.success && refused.size === 0) {
    checked.rows.push({ number: row.number, product: result.data });
    return;
  }
  if (result.success) return;
  const seen = new Set(refused);
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    const column = IMPORT_COLUMNS.find((candidate) => candidate.field === field);
    if (!column || seen.has(field)) continue;
    seen.add(field);
    report(column, issueMessage(issue, column.title[locale], locale));
  }
}
