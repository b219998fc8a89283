import { refundFields } from '@shop/common/validation/refunds.ts';
import { z } from 'zod';
import { refuse } from '../../http/envelope.ts';
import { idParam, pageQuery, quantity, wholeNumber } from '../../http/validate.ts';
import type { LineSource } from './lines.ts';
import { orderMessages as m } from './messages.ts';

const sourceFields = {
  cartLineIds: z.array(idParam).min(1).max(100).optional(),
  productId: idParam.optional(),
  quantity: quantity().optional(),
};

export const previewSchema = z.strictObject(sourceFields);

/** The client's idempotency key of a placement. */
export const requestIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.:-]+$/);

export const placeSchema = z.strictObject({
  ...sourceFields,
  addressId: idParam.nullish(),
  paymentMethod: z.string().trim().max(20).nullish(),
  requestId: requestIdSchema,
});

/** A refund application: the shared rule of the refund form (common/validation). */
export const refundSchema = z.strictObject(refundFields);

export const orderPageSchema = pageQuery.extend({
  status: wholeNumber().pipe(z.number().min(0).max(4)).optional(),
});

/** Turns the body's cart lines or buy-now product into a line source. */
export function lineSource(input: z.output<typeof previewSchema>): LineSource {
  if (input.cartLineIds?.length) return { kind: 'cart', cartLineIds: input.cartLineIds };
  if (input.productId !== undefined) {
    return { kind: 'product', productId: input.productId, quantity: input.quantity ?? 1 };
  }
  throw refuse(m['order.noItems']);
}
