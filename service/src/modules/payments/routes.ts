import type { RestOrderStatus, RestPaymentResult, RestPaymentStatus } from '@shop/common/rest/index.ts';
import { routes } from '@shop/common/rest/routes.ts';
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../http/auth.ts';
import { badRequest, envelope, ok } from '../../http/envelope.ts';
import { on } from '../../http/route.ts';
import { idParam, parseInput } from '../../http/validate.ts';
import { common } from '../../i18n/common.ts';
import { cancelExpiredOrders, ownOrder } from '../orders/transitions.ts';
import { assertMethod, createPaymentLink } from './links.ts';
import { lpayRoutes } from './lpay/routes.ts';
import { handleNotification } from './notify.ts';
import { allowedReturnUrl } from './return-url.ts';
import { SIGNATURE_HEADER } from './signature.ts';

const paySchema = z.strictObject({
  method: z.string().trim().max(20).nullish(),
  /** Where the lpay page returns after Pay or Cancel (return-url.ts). */
  returnUrl: z.string().trim().max(500).nullish(),
});

export function paymentRoutes(ctx: AppContext): Router {
  const router = Router();
  const auth = requireUser(ctx);

  on(router, routes.payments.start, auth, async (req, res) => {
    const orderId = parseInput(idParam, req.params.orderId);
    const { method, returnUrl } = parseInput(paySchema, req.body);
    assertMethod(method);
    const back = returnUrl ? allowedReturnUrl(ctx, returnUrl) : null;
    if (returnUrl && !back)
      throw badRequest(
        common['validation.invalid'],
        { field: 'returnUrl' },
        { fields: { returnUrl: common['validation.invalid'] } },
      );
    const link = await createPaymentLink(ctx, req.user!.id, orderId, method!);
    ok(req, res, back ? { ...link, payUrl: `${link.payUrl}?return=${encodeURIComponent(back)}` } : link);
  });

  on(router, routes.payments.result, auth, async (req, res) => {
    const orderId = parseInput(idParam, req.params.orderId);
    await cancelExpiredOrders(ctx, { userId: req.user!.id, orderId });
    const order = await ownOrder(ctx.db, req.user!.id, orderId);
    const result: RestPaymentResult = {
      orderId: order.id,
      orderNo: order.order_no,
      orderStatus: order.status as RestOrderStatus,
      paymentStatus: order.payment_status as RestPaymentStatus,
      payableAmount: order.payable_amount,
      paidAmount: order.paid_amount,
      paidAt: order.paid_at,
    };
    ok(req, res, result);
  });

  // The provider's signed notification: verified over the exact raw bytes of the body.
  on(router, routes.payments.notify, async (req, res) => {
    const result = await handleNotification(ctx, req.rawBody, req.get(SIGNATURE_HEADER));
    res
      .status(result.status)
      .json(
        envelope(req.locale, result.success, result.outcome ? { outcome: result.outcome } : null, result.key),
      );
  });

  router.use(lpayRoutes(ctx));
  return router;
}
