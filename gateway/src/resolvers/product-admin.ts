import { formatYuanPlain } from '@shop/common/format.ts';
import { type RestProductFields, routes } from '@shop/common/rest/routes.ts';
import type { Resolvers } from '../__generated__/resolvers.ts';
import { defined, pageQuery, payloadOf, restId } from './helpers.ts';

/** History fields whose values are money in fen, shown as yuan. */
const MONEY_FIELDS = new Set(['price', 'originalPrice']);

/** A history value as the text `ProductFieldChange` shows. */
export function changeText(field: string, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' && MONEY_FIELDS.has(field)) return formatYuanPlain(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

const isNotFound = (error: unknown) =>
  (error as { extensions?: { code?: unknown } })?.extensions?.code === 'NOT_FOUND';

/** The editor's fields as the service takes them; an explicit null original price removes it. */
function fieldsOf(input: Record<string, unknown>): RestProductFields {
  const { id: _id, version: _version, originalPrice, ...rest } = input;
  const fields = defined(rest) as RestProductFields;
  if (originalPrice !== undefined) fields.originalPrice = (originalPrice as string | null) ?? null;
  if (fields.categoryId !== undefined) fields.categoryId = restId(fields.categoryId);
  return fields;
}

/** Back office: products (the service answers 403 without the `product:view`/`product:edit` buttons). */
export const productAdminResolvers: Resolvers = {
  Query: {
    adminProducts: (_root, { filter, page }, ctx) =>
      ctx.shop.call(routes.productAdmin.page, {
        query: {
          ...defined({
            keyword: filter?.keyword,
            categoryId: filter?.categoryId == null ? undefined : restId(filter.categoryId),
            shelf: filter?.shelf,
          }),
          ...pageQuery(page),
        },
      }),
    adminProduct: async (_root, { id }, ctx) => {
      try {
        return await ctx.shop.call(routes.productAdmin.product, { params: { id } });
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
  },
  AdminProduct: {
    history: (product, _args, ctx) =>
      ctx.shop.call(routes.productAdmin.history, { params: { id: product.id } }),
  },
  ProductFieldChange: {
    before: (change) => changeText(change.field, change.before),
    after: (change) => changeText(change.field, change.after),
  },
  Mutation: {
    createProduct: payloadOf('product', routes.productAdmin.create, (input) => ({ body: fieldsOf(input) })),
    updateProduct: payloadOf('product', routes.productAdmin.update, (input) => ({
      params: { id: input.id },
      body: { version: input.version, ...fieldsOf(input) },
    })),
    withdrawProduct: payloadOf('product', routes.productAdmin.withdraw, (input) => ({
      params: { id: input.id },
      body: { version: input.version },
    })),
    restoreProduct: payloadOf('product', routes.productAdmin.restore, (input) => ({
      params: { id: input.id },
      body: { version: input.version },
    })),
  },
};
