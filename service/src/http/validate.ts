import { z } from 'zod';
import { common } from '../i18n/common.ts';
import { hasMessage } from '../i18n/index.ts';
import { badRequest } from './envelope.ts';

/**
 * Request validation on zod. Field labels come from `field.<name>` message keys; a custom
 * check's message may itself be a message key. The first problem becomes `alterMsg`, and
 * `data.fields` maps every failing field to its translated reason (no partial writes happen
 * because validation runs before any storage).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
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
  if (issue.message && hasMessage(issue.message)) {
    return { field, key: issue.message, params: { field: label } };
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

/** Text that must not be empty or whitespace only ('请输入内容'), trimmed. */
export const text = (max = 200) => z.string().trim().min(1, common['validation.enterContent']).max(max);

/** A positive whole quantity ('请输入数量' when zero or empty). */
export const quantity = (max = 9999) =>
  z.coerce
    .number({ message: common['validation.enterQuantity'] })
    .int()
    .min(1, common['validation.enterQuantity'])
    .max(max);

export const idParam = z.coerce.number().int().positive();

/** Paging query: pageNum ≥ 1, pageSize 1–999, default 15 (SPEC §9). */
export const pageQuery = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(999).default(15),
});
export type PageQuery = z.output<typeof pageQuery>;
