import { ruleMessage } from '@shop/common/validation/message.ts';
import { fenToYuan, originalNotBelowPrice, productFields } from '@shop/common/validation/products.ts';
import { z } from 'zod';
import type { ProductForm_ProductFragment } from '../../../__generated__/graphql.ts';
import type { MessageId } from '../../../i18n/message-ids.ts';

/**
 * The editor's rules: the shared product fields (common/validation/products.ts), the same the
 * service checks its requests with. Stock is typed only when creating: later changes go through
 * the stock dialog, with a reason.
 */
export function productFormSchema(creating: boolean) {
  const { stock, ...fields } = productFields;
  return z
    .object(creating ? { ...fields, stock } : fields)
    .refine((input) => originalNotBelowPrice(input.price, input.originalPrice), {
      path: ['originalPrice'],
      message: ruleMessage('product.originalBelowPrice'),
    });
}

/** The fields the editor shows, in its order: names, descriptions, category, prices, stock, flags. */
export const FORM_FIELDS = [
  'nameZh',
  'nameEn',
  'descriptionZh',
  'descriptionEn',
  'categoryId',
  'price',
  'originalPrice',
  'stock',
  'isHot',
  'isNew',
  'onShelf',
] as const;

export type FormField = (typeof FORM_FIELDS)[number];

/** What the inputs hold: text as typed (prices in yuan), flags as booleans. */
export type ProductFormValues = {
  nameZh: string;
  nameEn: string;
  descriptionZh: string;
  descriptionEn: string;
  categoryId: string;
  price: string;
  originalPrice: string;
  stock: string;
  isHot: boolean;
  isNew: boolean;
  onShelf: boolean;
};

export const FIELD_LABELS: Record<FormField | 'withdrawn', MessageId> = {
  nameZh: 'products.field.nameZh',
  nameEn: 'products.field.nameEn',
  descriptionZh: 'products.field.descriptionZh',
  descriptionEn: 'products.field.descriptionEn',
  categoryId: 'products.field.categoryId',
  price: 'products.field.price',
  originalPrice: 'products.field.originalPrice',
  stock: 'products.field.stock',
  isHot: 'products.field.isHot',
  isNew: 'products.field.isNew',
  onShelf: 'products.field.onShelf',
  withdrawn: 'products.field.withdrawn',
};

export const EMPTY_PRODUCT: ProductFormValues = {
  nameZh: '',
  nameEn: '',
  descriptionZh: '',
  descriptionEn: '',
  categoryId: '',
  price: '',
  originalPrice: '',
  stock: '',
  isHot: false,
  isNew: false,
  onShelf: true,
};

/** A stored product as the inputs show it. */
export function formValuesOf(product: ProductForm_ProductFragment): ProductFormValues {
  return {
    nameZh: product.nameZh,
    nameEn: product.nameEn,
    descriptionZh: product.descriptionZh,
    descriptionEn: product.descriptionEn,
    categoryId: String(product.categoryId),
    price: fenToYuan(product.price.fen),
    originalPrice: product.originalPrice ? fenToYuan(product.originalPrice.fen) : '',
    stock: String(product.stock),
    isHot: product.isHot,
    isNew: product.isNew,
    onShelf: product.onShelf,
  };
}

/** The fields whose values differ between `a` and `b` (stock left out when editing). */
export function changedFields(a: ProductFormValues, b: ProductFormValues, withStock: boolean): FormField[] {
  return FORM_FIELDS.filter((name) => (withStock || name !== 'stock') && a[name] !== b[name]);
}
