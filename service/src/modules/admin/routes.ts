import { routes } from '@shop/common/rest/routes.ts';
import { rejectionExplained, reviewFields } from '@shop/common/validation/refunds.ts';
import { shipFields } from '@shop/common/validation/shipping.ts';
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireAdmin, requireUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { requirePermission } from '../../http/permissions.ts';
import { on } from '../../http/route.ts';
import { idParam, pageQuery, parseInput, wholeNumber } from '../../http/validate.ts';
import { adminMessages as m } from './messages.ts';
import { adminOrderDetail, adminOrderPage, adminRefundPage, reviewRefund, shipOrder } from './service.ts';

const orderQuery = pageQuery.extend({
  status: wholeNumber().pipe(z.number().min(0).max(4)).optional(),
  orderNo: z.string().trim().max(40).optional(),
});
/** The ship form's shared rules (common/validation); whether the courier is on the list is the service's check. */
const shipSchema = z.strictObject(shipFields);
const refundQuery = pageQuery.extend({
  reviewStatus: z.preprocess(
    (v) => (v === '' ? undefined : v),
    wholeNumber().pipe(z.number().min(1).max(3)).optional(),
  ),
});
/** The review form's shared rules (common/validation): a rejection must say why. */
const reviewSchema = rejectionExplained(
  z.strictObject({ approve: reviewFields.approve, remark: reviewFields.remark.optional().default('') }),
  (input) => input.approve,
);

/**
 * Back office: every route needs the admin and its button permission (403 '无访问权限' for
 * shoppers, and for the admin once the button's menu row is disabled).
 */
export function adminRoutes(ctx: AppContext): Router {
  const router = Router();
  router.use('/admin', requireUser(ctx), requireAdmin);

  on(router, routes.admin.orders, requirePermission('order:view'), async (req, res) => {
    ok(req, res, await adminOrderPage(ctx, parseInput(orderQuery, req.query), req.locale));
  });

  on(router, routes.admin.order, requirePermission('order:view'), async (req, res) => {
    ok(req, res, await adminOrderDetail(ctx, parseInput(idParam, req.params.id), req.locale));
  });

  on(router, routes.admin.ship, requirePermission('order:ship'), async (req, res) => {
    const id = parseInput(idParam, req.params.id);
    await shipOrder(ctx, id, parseInput(shipSchema, req.body));
    const page = await adminOrderPage(ctx, { pageNum: 1, pageSize: 1, id }, req.locale);
    ok(req, res, page.records[0], m['admin.shipped']);
  });

  on(router, routes.admin.refunds, requirePermission('refund:view'), async (req, res) => {
    ok(req, res, await adminRefundPage(ctx, parseInput(refundQuery, req.query)));
  });

  on(router, routes.admin.reviewRefund, requirePermission('refund:review'), async (req, res) => {
    const id = parseInput(idParam, req.params.id);
    const { approve, remark } = parseInput(reviewSchema, req.body);
    const refund = await reviewRefund(ctx, id, approve, remark);
    ok(req, res, refund, approve ? m['admin.refundApproved'] : m['admin.refundRejected']);
  });

  return router;
}
