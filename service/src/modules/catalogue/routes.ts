import { routes } from '@shop/common/rest/routes.ts';
import { SEARCH_KEYWORD_MAX_LENGTH } from '@shop/common/search.ts';
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound, ok, refuse } from '../../http/envelope.ts';
import { on } from '../../http/route.ts';
import { idParam, pageQuery, parseInput } from '../../http/validate.ts';
import { common } from '../../i18n/common.ts';
import { imageRoutes } from './images.ts';
import { catalogueMessages as m } from './messages.ts';
import { searchFacets, searchSuggestions } from './search-facets.ts';
import { categoryScope, categoryTree, findProduct, productBatch, productPage } from './service.ts';

const MAX_BATCH = 100;

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const price = z.preprocess(
  emptyToUndefined,
  z.coerce
    .number({ message: m['catalogue.invalidPrice'] })
    .int({ message: m['catalogue.invalidPrice'] })
    .min(0, { message: m['catalogue.invalidPrice'] })
    .max(1_000_000_000, { message: m['catalogue.invalidPrice'] })
    .optional(),
);

const searchFilterQuery = z.object({
  categoryId: z.preprocess(emptyToUndefined, idParam.optional()),
  cardName: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .max(60)
      .regex(/^[a-z0-9-]+$/)
      .optional(),
  ),
  keyword: z.preprocess(emptyToUndefined, z.string().trim().max(SEARCH_KEYWORD_MAX_LENGTH).optional()),
  /** Price band in fen: at least minPrice, below maxPrice. */
  minPrice: price,
  maxPrice: price,
});

const productPageQuery = pageQuery.extend(searchFilterQuery.shape).extend({
  sort: z.preprocess(
    emptyToUndefined,
    z
      .enum(['default', 'relevance', 'priceAsc', 'priceDesc', 'sales', 'newest'], {
        message: m['catalogue.invalidSort'],
      })
      .default('default'),
  ),
});

const suggestionQuery = z.object({ keyword: z.string().trim().max(SEARCH_KEYWORD_MAX_LENGTH).default('') });

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
  const scopeOf = (categoryId?: number, cardName?: string) =>
    categoryId !== undefined || cardName !== undefined
      ? categoryScope(ctx.db, { categoryId, cardName })
      : Promise.resolve(undefined);

  on(router, routes.catalogue.categories, async (req, res) => {
    ok(req, res, await categoryTree(ctx.db, req.locale));
  });

  on(router, routes.catalogue.products, async (req, res) => {
    const { pageNum, pageSize, categoryId, cardName, sort, ...search } = parseInput(
      productPageQuery,
      req.query,
    );
    const categoryIds = await scopeOf(categoryId, cardName);
    ok(req, res, await productPage(ctx, { ...search, categoryIds, sort }, { pageNum, pageSize }, req.locale));
  });

  on(router, routes.catalogue.facets, async (req, res) => {
    const { categoryId, cardName, keyword, ...prices } = parseInput(searchFilterQuery, req.query);
    const categoryIds = await scopeOf(categoryId, cardName);
    ok(req, res, await searchFacets(ctx, keyword, { ...prices, categoryIds }, req.locale));
  });

  on(router, routes.catalogue.suggestions, async (req, res) => {
    const { keyword } = parseInput(suggestionQuery, req.query);
    ok(req, res, await searchSuggestions(ctx, keyword, req.locale));
  });

  on(router, routes.catalogue.hot, async (req, res) => {
    const page = parseInput(pageQuery, req.query);
    ok(req, res, await productPage(ctx, { sort: 'sales', picked: 'is_hot' }, page, req.locale));
  });

  on(router, routes.catalogue.newest, async (req, res) => {
    const page = parseInput(pageQuery, req.query);
    ok(req, res, await productPage(ctx, { sort: 'newest', picked: 'is_new' }, page, req.locale));
  });

  // Before /:id, which would otherwise take "batch" for an id.
  on(router, routes.catalogue.batch, async (req, res) => {
    ok(req, res, await productBatch(ctx.db, parseIds(req.query.ids), req.locale));
  });

  on(router, routes.catalogue.product, async (req, res) => {
    const product = await findProduct(ctx.db, parseId(req.params.id), req.locale);
    if (!product) throw notFound(m['catalogue.productNotFound']);
    if (!product.onShelf) throw refuse(m['catalogue.offShelf'], {}, null, 3);
    ok(req, res, product);
  });

  return router;
}
