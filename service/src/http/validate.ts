import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@shop/common/paging.ts';
import { readRuleMessage } from '@shop/common/validation/message.ts';
import { type UnsafeText, unsafeTextReason } from '@shop/common/validators.text.ts';
import { isZeroOrEmptyNumber } from '@shop/common/validators.ts';
import { z } from 'zod';
import { common } from '../i18n/common.ts';
import { hasMessage } from '../i18n/index.ts';
import { badRequest } from './envelope.ts';

const UNSAFE_TEXT_KEY: Record<UnsafeText, string> = {
  control: common['validation.controlCharacters'],
  invisible: common['validation.invisibleCharacters'],
  lineBreak: common['validation.lineBreak'],
};

/**
 * The first string anywhere in the input (body or query, at any depth) that the shop's text
 * rule refuses. Every request passes here, so no field can forget the rule; tab and line
 * breaks are left to the schemas (`text`, `singleLine`), which know which fields are one line.
 */
function findUnsafeText(value: unknown, path: string[] = []): { field: string; reason: UnsafeText } | null {
  if (typeof value === 'string') {
    const reason = unsafeTextReason(value, true);
    return reason ? { field: path.filter((part) => !/^\d+$/.test(part)).pop() ?? '', reason } : null;
  }
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      const keyReason = unsafeTextReason(key, false);
      if (keyReason) return { field: '', reason: keyReason };
      const found = findUnsafeText(inner, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Request validation on zod. Field labels come from `field.<name>` message keys; a check's
 * message may itself be a message key, with parameters as the shared form rules write them
 * (common/validation/message.ts). The first problem becomes `alterMsg`, and
 * `data.fields` maps every failing field to its translated reason (no partial writes happen
 * because validation runs before any storage). Control and invisible characters are refused
 * first, whatever the schema (see common/validators.text.ts).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const unsafe = findUnsafeText(input);
  if (unsafe) {
    const key = UNSAFE_TEXT_KEY[unsafe.reason];
    throw badRequest(key, { field: fieldLabel(unsafe.field) }, { fields: { [unsafe.field]: key } });
  }
  // reportInput: zod 4 leaves `issue.input` out otherwise, and a wrong type would read as missing.
  const result = schema.safeParse(input ?? {}, { reportInput: true });
  if (result.success) return result.data;
  const problems = result.error.issues.map(describeIssue);
  const fields: Record<string, { key: string; params: Record<string, string | number> }> = {};
  for (const problem of problems) if (!(problem.field in fields)) fields[problem.field] = problem;
  const first = problems[0];
  throw badRequest(first.key, first.params, {
    fields: Object.fromEntries(Object.entries(fields).map(([f, p]) => [f, p.key])),
  });
}

function fieldLabel(field: string): string {
  const key = `field.${field}`;
  return hasMessage(key) ? key : field;
}

function describeIssue(issue: z.core.$ZodIssue): {
  field: string;
  key: string;
  params: Record<string, string | number>;
} {
  const field = issue.path.length ? String(issue.path[issue.path.length - 1]) : '';
  const label = fieldLabel(field);
  if (issue.code === 'unrecognized_keys') {
    return {
      field: issue.keys[0],
      key: common['validation.unknownField'],
      params: { field: issue.keys.join(', ') },
    };
  }
  const given = issue.message ? readRuleMessage(issue.message) : null;
  if (given && hasMessage(given.key)) {
    return { field, key: given.key, params: { ...given.params, field: label } };
  }
  if (issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null)) {
    return { field, key: common['validation.required'], params: { field: label } };
  }
  if (issue.code === 'too_big') {
    const key = issue.origin === 'string' ? common['validation.tooLong'] : common['validation.tooBig'];
    return { field, key, params: { field: label, max: Number(issue.maximum) } };
  }
  if (issue.code === 'too_small') {
    if (issue.origin === 'string' && Number(issue.minimum) === 1) {
      return { field, key: common['validation.required'], params: { field: label } };
    }
    return {
      field,
      key: common['validation.tooSmall'],
      params: { field: label, min: Number(issue.minimum) },
    };
  }
  if (!field) return { field, key: common['validation.invalidBody'], params: {} };
  return { field, key: common['validation.invalid'], params: { field: label } };
}

/**
 * A whole number as JSON sends it, or its decimal digits as a string (query strings, path
 * parameters, GraphQL ids): '12' → 12. Anything else stays as it is and fails the number check,
 * so true, [3], '0x3', '1e2', ' 3 ' and 3.5 are refused instead of coerced.
 */
const digitsToNumber = (value: unknown) =>
  typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;

const isMissing = (value: unknown) => value === undefined || value === null;

/**
 * A whole number (see `digitsToNumber`). `empty` is the message when `isEmpty(input)` holds
 * (missing by default); anything else that is not a whole number is '{field} 格式不正确'.
 */
export const wholeNumber = (
  empty: string = common['validation.required'],
  isEmpty: (input: unknown) => boolean = isMissing,
) =>
  z.preprocess(
    digitsToNumber,
    z
      .number({ error: (issue) => (isEmpty(issue.input) ? empty : common['validation.invalid']) })
      .int(common['validation.invalid']),
  );

/** A positive whole quantity: missing, empty, zero or not a number → '请输入数量' (docs/product.md, "Validation"). */
export const quantity = (max = 9999) =>
  wholeNumber(common['validation.enterQuantity'], isZeroOrEmptyNumber).pipe(
    z.number().min(1, common['validation.enterQuantity']).max(max),
  );

/** Ids are PostgreSQL `integer`s: a larger one cannot exist, and asking for it would be a 500. */
const MAX_ID = 2_147_483_647;

export const idParam = wholeNumber().pipe(z.number().positive().max(MAX_ID, common['validation.invalid']));

/** Paging query: pageNum ≥ 1, pageSize 1–999, default 15 (docs/product.md, "Constants"). */
export const pageQuery = z.object({
  pageNum: wholeNumber().pipe(z.number().min(1)).default(1),
  pageSize: wholeNumber().pipe(z.number().min(1).max(MAX_PAGE_SIZE)).default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.output<typeof pageQuery>;
