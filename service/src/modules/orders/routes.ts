import { routes } from '@shop/common/rest/routes.ts';
import { Router } from 'express';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { on } from '../../http/route.ts';
import { idParam, parseInput } from '../../http/validate.ts';
import { afterSalesBatchRoutes } from './after-sales-batch.ts';
import { knownRequestOrder, requestFingerprint } from './idempotency.ts';
import { orderMessages as m } from './messages.ts';
import { placeOrder } from './placement.ts';
import { afterSalesSteps, applyForRefund } from './refunds.ts';
import {
  lineSource,
  orderPageSchema,
  placeSchema,
  previewSchema,
  refundSchema,
  requestIdSchema,
} from './schemas.ts';
import { orderDetail, orderPage, previewOrder } from './service.ts';
import { cancelByShopper, confirmReceipt } from './transitions.ts';

export function orderRoutes(ctx: AppContext): Router {
  const router = Router();
  const auth = requireUser(ctx);
  router.use(afterSalesBatchRoutes(ctx)); // before /shop/order/:id

  on(router, routes.orders.preview, auth, async (req, res) => {
    const input = parseInput(previewSchema, req.body);
    ok(req, res, await previewOrder(ctx, req.user!.id, lineSource(input), req.locale));
  });

  on(router, routes.orders.place, auth, async (req, res) => {
    // A known request id is answered before validation: the retry of a placed order gets it
    // even if, say, its address has been deleted since (a different body is refused).
    const requestHash = requestFingerprint(req.body);
    const requestId = requestIdSchema.safeParse(req.body?.requestId);
    if (requestId.success) {
      const known = await knownRequestOrder(ctx.db, req.user!.id, requestId.data, requestHash);
      if (known !== null) return ok(req, res, await orderDetail(ctx, req.user!.id, known, req.locale));
    }
    const input = parseInput(placeSchema, req.body);
    const { cartLineIds, productId, quantity, ...rest } = input;
    const source = lineSource({ cartLineIds, productId, quantity });
    const { orderId } = await placeOrder(ctx, req.user!.id, { source, requestHash, ...rest }, req.locale);
    ok(req, res, await orderDetail(ctx, req.user!.id, orderId, req.locale));
  });

  on(router, routes.orders.page, auth, async (req, res) => {
    const query = parseInput(orderPageSchema, req.query);
    ok(req, res, await orderPage(ctx, req.user!.id, query, req.locale));
  });

  on(router, routes.orders.detail, auth, async (req, res) => {
    const id = parseInput(idParam, req.params.id);
    ok(req, res, await orderDetail(ctx, req.user!.id, id, req.locale));
  });

  on(router, routes.orders.cancel, auth, async (req, res) => {
    const id = parseInput(idParam, req.params.id);
    await cancelByShopper(ctx, req.user!.id, id);
    ok(req, res, await orderDetail(ctx, req.user!.id, id, req.locale), m['order.cancelled']);
  });

  on(router, routes.orders.receive, auth, async (req, res) => {
    const id = parseInput(idParam, req.params.id);
    await confirmReceipt(ctx, req.user!.id, id);
    ok(req, res, await orderDetail(ctx, req.user!.id, id, req.locale), m['order.received']);
  });

  on(router, routes.orders.refund, auth, async (req, res) => {
    const id = parseInput(idParam, req.params.id);
    const { reason } = parseInput(refundSchema, req.body);
    await applyForRefund(ctx, req.user!.id, id, reason);
    ok(req, res, await orderDetail(ctx, req.user!.id, id, req.locale), m['order.refundApplied']);
  });

  on(router, routes.orders.afterSales, auth, async (req, res) => {
    const id = parseInput(idParam, req.params.id);
    ok(req, res, await afterSalesSteps(ctx, req.user!.id, id));
  });

  return router;
}
