/**
 * Builders of the shared form fields with the generic rules (docs/product.md "Validation").
 * One issue per field, the first rule it breaks, so every tier shows the same reason: missing
 * or empty → '{field} 不能为空'; a text of spaces only → '请输入内容'; then the length bound,
 * the shop's text rule (one line unless multi-line) and the field's own checks, on the trimmed
 * text. The result is a plain zod string, so a tier may compose further checks on it
 * (`.optional()`, a tighter bound).
 */
import { z } from 'zod';
import { type UnsafeText, unsafeTextReason } from '../validators.text.ts';
import { ruleMessage } from './message.ts';
import type { RuleMessageKey } from './messages.ts';

/** A check on the (trimmed) value and the message key when it fails. */
export type Check = readonly [(value: string) => boolean, RuleMessageKey];

export interface TextOptions {
  /** The longest value accepted (after trimming). */
  max: number;
  /** Line breaks and tabs allowed (a refund reason); one line otherwise. */
  multiline?: boolean;
  /** Spaces kept and a value of spaces only not refused as blank (passwords). */
  raw?: boolean;
  /** The field's own checks, in order. */
  checks?: readonly Check[];
  /** Empty is allowed (an optional remark): only a given value is checked. */
  optional?: boolean;
}

/** Text the shop does not store (common/validators.text.ts). */
const UNSAFE_TEXT = {
  control: 'validation.controlCharacters',
  invisible: 'validation.invisibleCharacters',
  lineBreak: 'validation.lineBreak',
} as const satisfies Record<UnsafeText, RuleMessageKey>;

const notAString = (input: unknown) =>
  input === undefined || input === null
    ? ruleMessage('validation.required')
    : ruleMessage('validation.invalid');

/** A text field with the generic rules and `options.checks`. */
export function textField(options: TextOptions) {
  const { max, multiline = false, raw = false, checks = [], optional = false } = options;
  const field = z.string({ error: (issue) => notAString(issue.input) }).superRefine((given, ctx) => {
    const fail = (message: string) => ctx.addIssue({ code: 'custom', message, input: given });
    const value = raw ? given : given.trim();
    if (value === '') {
      if (optional) return;
      fail(ruleMessage(given === '' || raw ? 'validation.required' : 'validation.enterContent'));
      return;
    }
    if (value.length > max) return fail(ruleMessage('validation.tooLong', { max }));
    const unsafe = unsafeTextReason(value, multiline);
    if (unsafe) return fail(ruleMessage(UNSAFE_TEXT[unsafe]));
    const broken = checks.find(([check]) => !check(value));
    if (broken) fail(ruleMessage(broken[1]));
  });
  return raw ? field : field.trim();
}

/** A required one-line text, trimmed. */
export const requiredText = (max: number, checks: readonly Check[] = []) => textField({ max, checks });
