import { routes } from '@shop/common/rest/routes.ts';
import { productPatchSchema, productSchema } from '@shop/common/validation/products.ts';
import type { Request } from 'express';
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../http/auth.ts';
import { ok, unauthorized } from '../../http/envelope.ts';
import { requirePermission } from '../../http/permissions.ts';
import { on } from '../../http/route.ts';
import { idParam, pageQuery, parseInput } from '../../http/validate.ts';
import { productHistory } from './history-view.ts';
import { productAdminMessages as m } from './messages.ts';
import { adminProduct, adminProductPage, createProduct, setWithdrawn, updateProduct } from './service.ts';

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

const listQuery = pageQuery.extend({
  keyword: z.string().trim().max(60).optional(),
  categoryId: z.preprocess(emptyAsUndefined, idParam.optional()),
  shelf: z.preprocess(emptyAsUndefined, z.enum(['on', 'off', 'withdrawn']).optional()),
});

const versionBody = z.strictObject({ version: z.number().int().min(1) });

function actorOf(req: Request) {
  if (!req.user) throw unauthorized();
  return { id: req.user.id, account: req.user.account };
}

/** Back office: products (list, read, create, edit, withdraw, restore, history). */
export function productAdminRoutes(ctx: AppContext): Router {
  const router = Router();
  const view = [requireUser(ctx), requirePermission('product:view')];
  const edit = [requireUser(ctx), requirePermission('product:edit')];

  on(router, routes.productAdmin.page, ...view, async (req, res) => {
    const { pageNum, pageSize, ...filter } = parseInput(listQuery, req.query);
    ok(req, res, await adminProductPage(ctx.db, filter, { pageNum, pageSize }, req.locale));
  });

  on(router, routes.productAdmin.history, ...view, async (req, res) => {
    const id = parseInput(idParam, req.params.id);
    await adminProduct(ctx.db, id, req.locale);
    ok(req, res, await productHistory(ctx.db, id));
  });

  on(router, routes.productAdmin.product, ...view, async (req, res) => {
    ok(req, res, await adminProduct(ctx.db, parseInput(idParam, req.params.id), req.locale));
  });

  on(router, routes.productAdmin.create, ...edit, async (req, res) => {
    const input = parseInput(productSchema, req.body);
    ok(req, res, await createProduct(ctx, actorOf(req), input, req.locale), m['product.created']);
  });

  on(router, routes.productAdmin.update, ...edit, async (req, res) => {
    const id = parseInput(idParam, req.params.id);
    const patch = parseInput(productPatchSchema, req.body);
    ok(req, res, await updateProduct(ctx, actorOf(req), id, patch, req.locale), m['product.updated']);
  });

  on(router, routes.productAdmin.withdraw, ...edit, async (req, res) => {
    const id = parseInput(idParam, req.params.id);
    const { version } = parseInput(versionBody, req.body);
    const product = await setWithdrawn(ctx, actorOf(req), id, version, true, req.locale);
    ok(req, res, product, m['product.withdrawn']);
  });

  on(router, routes.productAdmin.restore, ...edit, async (req, res) => {
    const id = parseInput(idParam, req.params.id);
    const { version } = parseInput(versionBody, req.body);
    const product = await setWithdrawn(ctx, actorOf(req), id, version, false, req.locale);
    ok(req, res, product, m['product.restored']);
  });

  return router;
}
