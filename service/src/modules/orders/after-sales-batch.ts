import { routes } from '@shop/common/rest/routes.ts';
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { on } from '../../http/route.ts';
import { parseInput } from '../../http/validate.ts';
import { refundStepsOfOrders } from './refunds.ts';

/** The gateway batches at most this many orders per call (its order pages are refused above that by cost). */
export const AFTER_SALES_BATCH_MAX = 100;

const batchQuery = z.strictObject({
  ids: z.string().regex(new RegExp(`^[1-9]\\d{0,9}(,[1-9]\\d{0,9}){0,${AFTER_SALES_BATCH_MAX - 1}}$`)),
});

/**
 * GET /shop/order/after-sales?ids=1,2,3: the after-sales steps of several of the caller's orders
 * in one call, so a GraphQL order list costs the same number of REST calls for 1 or 20 orders.
 * Answers one entry per id, in the order asked: the steps oldest first (as
 * GET /shop/order/:id/after-sales), or null for an id that is not one of the caller's orders.
 * Mounted before /shop/order/:id, which would otherwise take "after-sales" for an id.
 */
export function afterSalesBatchRoutes(ctx: AppContext): Router {
  const router = Router();
  on(router, routes.orders.afterSalesBatch, requireUser(ctx), async (req, res) => {
    const ids = parseInput(batchQuery, req.query).ids.split(',').map(Number);
    const owned = await ctx.db
      .selectFrom('orders')
      .select('id')
      .where('id', 'in', ids)
      .where('user_id', '=', req.user!.id)
      .execute();
    const ownedIds = owned.map((order) => order.id);
    const rows = await refundStepsOfOrders(ctx.db, ownedIds);
    const steps = new Map(ownedIds.map((id) => [id, [] as Array<Omit<(typeof rows)[number], 'orderId'>>]));
    for (const { orderId, ...step } of rows) steps.get(orderId)?.push(step);
    ok(
      req,
      res,
      ids.map((id) => steps.get(id) ?? null),
    );
  });
  return router;
}
