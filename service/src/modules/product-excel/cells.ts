import { fenToYuan } from '@shop/common/validation/products.ts';
import type { ImportColumn } from './columns.ts';
import type { CellValue } from './read-rows.ts';

/** A cell read for its column, or the message key of why it cannot be. */
export type CellReading = { value: unknown } | { problem: string };

const YES = new Set(['是', 'yes', 'y', 'true', '1']);
const NO = new Set(['否', 'no', 'n', 'false', '0']);

/** Yuan as a cell holds it (12.5 or '12.50') → fen; null when it is not an amount with at most 2 decimals. */
export function yuanToFen(value: string | number): number | null {
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) {
    // A number cell may carry binary noise (12.3 stored as 12.299999999999999).
    if (typeof value !== 'number') return null;
    const fen = Math.round(value * 100);
    return Math.abs(fen - value * 100) < 1e-6 && fen >= 0 ? fen : null;
  }
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** The category a cell names: its id, its Chinese or English name, or its slug. */
export type CategoryLookup = (text: string) => number | undefined;

/**
 * What a cell gives its field. An empty cell is `undefined` (the shared rules then say whether the
 * field is required); a cell of the wrong kind is refused with the import's own message, before
 * the shared rules, so the admin reads 'must be a whole number' rather than a type error.
 */
export function readCell(column: ImportColumn, cell: CellValue, categories: CategoryLookup): CellReading {
  if (cell !== undefined && typeof cell === 'object') return { problem: 'excel.formula' };
  const blank = cell === undefined || (typeof cell === 'string' && cell.trim() === '');
  if (blank) return { value: column.kind === 'text' && column.optional ? '' : undefined };
  switch (column.kind) {
    case 'text':
      return { value: String(cell) };
    case 'category': {
      const id = categories(String(cell).trim());
      return id === undefined ? { problem: 'excel.unknownCategory' } : { value: id };
    }
    case 'money': {
      // Yuan text, as the product form sends it; the product rules check the bounds.
      const fen = typeof cell === 'boolean' ? null : yuanToFen(cell);
      return fen === null ? { problem: 'excel.notMoney' } : { value: fenToYuan(fen) };
    }
    case 'whole': {
      const number = typeof cell === 'string' && /^\s*-?\d{1,9}\s*$/.test(cell) ? Number(cell) : cell;
      return typeof number === 'number' && Number.isInteger(number)
        ? { value: number }
        : { problem: 'excel.notWholeNumber' };
    }
    case 'flag': {
      if (typeof cell === 'boolean') return { value: cell };
      const text = String(cell).trim().toLowerCase();
      if (YES.has(text)) return { value: true };
      if (NO.has(text)) return { value: false };
      return { problem: 'excel.notYesNo' };
    }
  }
}
