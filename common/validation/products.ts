/**
 * The back office's product form: names and descriptions in both languages, category, prices in
 * yuan (stored as integer fen), stock and the shelf flags. The service checks its requests with
 * these and the web editor its form, so both refuse the same input with the same message.
 */
import { z } from 'zod';
import { textField } from './fields.ts';
import { ruleMessage } from './message.ts';

export const PRODUCT_NAME_MAX = 60;
export const PRODUCT_NAME_EN_MAX = 120;
export const PRODUCT_DESCRIPTION_MAX = 2000;
export const PRODUCT_DESCRIPTION_EN_MAX = 4000;
/** The dearest price, in fen (999999.99 yuan). */
export const PRODUCT_PRICE_MAX_FEN = 99_999_999;
export const PRODUCT_STOCK_MAX = 999_999;

/**
 * Yuan as typed ('12', '12.5', '12.50') → integer fen, by the digits so no binary fraction
 * creeps in; null when it is not a price of at most two decimals within bounds.
 */
export function yuanToFen(yuan: string): number | null {
  const match = /^(\d{1,6})(?:\.(\d{1,2}))?$/.exec(yuan.trim());
  if (!match) return null;
  const fen = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return fen >= 1 && fen <= PRODUCT_PRICE_MAX_FEN ? fen : null;
}

/** Integer fen → the yuan text the form shows ('12.50'). */
export const fenToYuan = (fen: number): string =>
  `${Math.trunc(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

const invalidPrice = ruleMessage('product.invalidPrice');
const priceField = z
  .string({
    error: (issue) => (issue.input == null ? ruleMessage('validation.required') : invalidPrice),
  })
  .superRefine((value, ctx) => {
    if (value.trim() === '') ctx.addIssue({ code: 'custom', message: ruleMessage('validation.required') });
    else if (yuanToFen(value) === null) ctx.addIssue({ code: 'custom', message: invalidPrice });
  })
  .transform((value) => yuanToFen(value) as number);

/** The original price: empty or null for none. */
const originalPriceField = z
  .union([z.string(), z.null()], { error: () => invalidPrice })
  .superRefine((value, ctx) => {
    if (value !== null && value.trim() !== '' && yuanToFen(value) === null) {
      ctx.addIssue({ code: 'custom', message: invalidPrice });
    }
  })
  .transform((value) => (value === null || value.trim() === '' ? null : yuanToFen(value)));

const invalidStock = ruleMessage('product.invalidStock');
/** A whole number, or its digits as a form's text box gives them. */
const stockField = z.preprocess(
  (value) => (typeof value === 'string' && /^\d{1,7}$/.test(value.trim()) ? Number(value) : value),
  z
    .number({
      error: (issue) =>
        issue.input == null || issue.input === '' ? ruleMessage('validation.required') : invalidStock,
    })
    .int(invalidStock)
    .min(0, invalidStock)
    .max(PRODUCT_STOCK_MAX, invalidStock),
);

/** A category id: a positive whole number, or its digits (GraphQL ids arrive as text). */
const categoryIdField = z.preprocess(
  (value) => (typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value),
  z
    .number({
      error: (issue) =>
        ruleMessage(issue.input == null || issue.input === '' ? 'validation.required' : 'validation.invalid'),
    })
    .int(ruleMessage('validation.invalid'))
    .min(1, ruleMessage('validation.invalid'))
    .max(2_147_483_647, ruleMessage('validation.invalid')),
);

const flag = z.boolean({ error: () => ruleMessage('validation.invalid') });

export const productFields = {
  nameZh: textField({ max: PRODUCT_NAME_MAX }),
  nameEn: textField({ max: PRODUCT_NAME_EN_MAX }),
  descriptionZh: textField({ max: PRODUCT_DESCRIPTION_MAX, multiline: true, optional: true }),
  descriptionEn: textField({ max: PRODUCT_DESCRIPTION_EN_MAX, multiline: true, optional: true }),
  categoryId: categoryIdField,
  price: priceField,
  originalPrice: originalPriceField,
  stock: stockField,
  isHot: flag,
  isNew: flag,
  onShelf: flag,
};

/** The original price is the price before a discount: never below the selling price. */
export const originalNotBelowPrice = (price: number | undefined, originalPrice: number | null | undefined) =>
  price === undefined || originalPrice == null || originalPrice >= price;

const belowPrice = { path: ['originalPrice'], message: ruleMessage('product.originalBelowPrice') };

/** A new product (the editor's form and POST /admin/product). */
export const productSchema = z
  .strictObject({
    ...productFields,
    descriptionZh: productFields.descriptionZh.optional().default(''),
    descriptionEn: productFields.descriptionEn.optional().default(''),
    originalPrice: productFields.originalPrice.optional().default(null),
    isHot: flag.optional().default(false),
    isNew: flag.optional().default(false),
    onShelf: flag.optional().default(true),
  })
  .refine((input) => originalNotBelowPrice(input.price, input.originalPrice), belowPrice);

export type ProductInput = z.output<typeof productSchema>;

/**
 * An edit (PUT /admin/product/:id): only the fields given change. The original price is checked
 * against the price here when both are given, and against the stored one by the service. Stock is
 * not among them: a form's stock is a reading that sales make stale, so writing it back would undo
 * them; stock moves by adjustments with a reason (the stock dialog) and by orders.
 */
export const productPatchSchema = z
  .strictObject({
    version: z
      .number({ error: () => ruleMessage('validation.required') })
      .int()
      .min(1),
    nameZh: productFields.nameZh.optional(),
    nameEn: productFields.nameEn.optional(),
    descriptionZh: productFields.descriptionZh.optional(),
    descriptionEn: productFields.descriptionEn.optional(),
    categoryId: productFields.categoryId.optional(),
    price: productFields.price.optional(),
    originalPrice: productFields.originalPrice.optional(),
    isHot: flag.optional(),
    isNew: flag.optional(),
    onShelf: flag.optional(),
  })
  .refine((input) => originalNotBelowPrice(input.price, input.originalPrice), belowPrice);

export type ProductPatch = z.output<typeof productPatchSchema>;
