/** The refund forms' rules: the shopper's application and the back office's review. */
import { z } from 'zod';
import { textField } from './fields.ts';
import { ruleMessage } from './message.ts';

/** The longest refund reason and review remark. */
export const REFUND_TEXT_MAX = 200;

/** A refund application: a reason is required and may span several lines. */
export const refundFields = {
  reason: textField({ max: REFUND_TEXT_MAX, multiline: true }),
};

export const refundSchema = z.object(refundFields);

/** A review: approve or reject, with a remark (the shopper reads it in the after-sales progress). */
export const reviewFields = {
  approve: z.boolean({ error: () => ruleMessage('validation.required') }),
  remark: textField({ max: REFUND_TEXT_MAX, multiline: true, optional: true }),
};

/** A rejection must say why: the remark is required when `approve` is false. */
export const explainsRejection = (approve: boolean, remark: string | undefined): boolean =>
  approve || Boolean(remark?.trim());

/** `explainsRejection` as a check of a review object (`approve` may come from another control). */
export const rejectionExplained = <S extends z.ZodType<{ remark?: string }>>(
  schema: S,
  approveOf: (input: z.output<S>) => boolean,
) =>
  schema.refine((input) => explainsRejection(approveOf(input), input.remark), {
    path: ['remark'],
    message: ruleMessage('validation.required'),
  });

export const reviewSchema = rejectionExplained(z.object(reviewFields), (input) => input.approve);
