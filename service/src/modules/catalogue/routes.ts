import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound, ok, refuse } from '../../http/envelope.ts';
import { idParam, pageQuery, parseInput } from '../../http/validate.ts';
import { common } from '../../i18n/common.ts';
import { imageRoutes } from './images.ts';
import { catalogueMessages as m } from './messages.ts';
import { categoryScope, categoryTree, findProduct, productBatch, productPage } from './service.ts';

const MAX_BATCH = 100;

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const productPageQuery = pageQuery.extend({
  categoryId: z.preprocess(emptyToUndefined, idParam.optional()),
  cardName: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .max(60)
      .regex(/^[a-z0-9-]+$/)
      .optional(),
  ),
  keyword: z.preprocess(emptyToUndefined, z.string().trim().max(50).optional()),
  sort: z.preprocess(
    emptyToUndefined,
    z
      .enum(['default', 'priceAsc', 'priceDesc', 'sales', 'newest'], { message: m['catalogue.invalidSort'] })
      .default('default'),
  ),
});

function parseId(value: unknown): number {
  const result = idParam.safeParse(value);
  if (!result.success || !/^\d+$/.test(String(value))) throw badRequest(common['common.idMissing']);
  return result.data;
}

function parseIds(value: unknown): number[] {
  const parts = typeof value === 'string' ? value.split(',').map((part) => part.trim()) : [];
  if (!parts.length || parts.length > MAX_BATCH || parts.some((part) => !/^[1-9]\d{0,9}$/.test(part))) {
    throw badRequest(m['catalogue.invalidIds'], {}, { fields: { ids: m['catalogue.invalidIds'] } });
  }
  return parts.map(Number);
}

/** Public catalogue: categories, product pages (filter, text search, sort), hot/new, detail, batch. */
export function catalogueRoutes(ctx: AppContext): Router {
  const router = Router();
  router.use(imageRoutes(ctx));

  router.get('/shop/category/list', async (req, res) => {
    ok(req, res, await categoryTree(ctx.db, req.locale));
  });

  router.get('/shop/product/page', async (req, res) => {
    const { pageNum, pageSize, categoryId, cardName, keyword, sort } = parseInput(
      productPageQuery,
      req.query,
    );
    const categoryIds =
      categoryId !== undefined || cardName !== undefined
        ? await categoryScope(ctx.db, { categoryId, cardName })
        : undefined;
    ok(req, res, await productPage(ctx, { categoryIds, keyword, sort }, { pageNum, pageSize }, req.locale));
  });

  router.get('/shop/product/hot', async (req, res) => {
    const page = parseInput(pageQuery, req.query);
    ok(req, res, await productPage(ctx, { sort: 'sales' }, page, req.locale));
  });

  router.get('/shop/product/new', async (req, res) => {
    const page = parseInput(pageQuery, req.query);
    ok(req, res, await productPage(ctx, { sort: 'newest' }, page, req.locale));
  });

  // Before /:id, which would otherwise take "batch" for an id.
  router.get('/shop/product/batch', async (req, res) => {
    ok(req, res, await productBatch(ctx.db, parseIds(req.query.ids), req.locale));
  });

  router.get('/shop/product/:id', async (req, res) => {
    const product = await findProduct(ctx.db, parseId(req.params.id), req.locale);
    if (!product) throw notFound(m['catalogue.productNotFound']);
    if (!product.onShelf) throw refuse(m['catalogue.offShelf'], {}, null, 3);
    ok(req, res, product);
  });

  return router;
}
