import { textField } from '@shop/common/validation/fields.ts';
import { ruleMessage } from '@shop/common/validation/message.ts';
import { z } from 'zod';

/** A new product from one row, checked by the product rules the editor's form uses. */
export const productRowSchema = z
  .object({
    nameZh: textField({ max: 60 }),
    nameEn: textField({ max: 120 }),
    descriptionZh: textField({ max: 2000, multiline: true, optional: true }),
    descriptionEn: textField({ max: 4000, multiline: true, optional: true }),
    categoryId: z.number({ error: () => ruleMessage('validation.required') }),
    price: z
      .number({ error: () => ruleMessage('validation.required') })
      .int()
      .min(1)
      .max(99_999_999),
    originalPrice: z.number().int().max(99_999_999).nullable().default(null),
    stock: z
      .number({ error: () => ruleMessage('validation.required') })
      .int()
      .min(0)
      .max(999_999),
    isHot: z.boolean().default(false),
    isNew: z.boolean().default(false),
    onShelf: z.boolean().default(true),
  })
  .refine((row) => row.originalPrice === null || row.originalPrice >= row.price, {
    path: ['originalPrice'],
    message: ruleMessage('validation.invalid'),
  });

export type ProductRow = z.output<typeof productRowSchema>;
