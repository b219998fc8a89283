import { type ProductInput, productSchema } from '@shop/common/validation/products.ts';

/**
 * A new product from one row, checked by the product rules the editor's form and POST
 * /admin/product use (common/validation/products.ts): the same bounds and the same messages.
 * Money arrives as yuan text, as the form sends it.
 */
export const productRowSchema = productSchema;

export type ProductRow = ProductInput;
