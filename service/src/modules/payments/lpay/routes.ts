import { randomUUID } from 'node:crypto';
import { formatMoney } from '@shop/common/format.ts';
import { chooseLocale } from '@shop/common/locale.ts';
import { routes } from '@shop/common/rest/routes.ts';
import { type Request, type Response, Router } from 'express';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../../context.ts';
import type { Database } from '../../../db/types.ts';
import { envelope, ok } from '../../../http/envelope.ts';
import { on } from '../../../http/route.ts';
import { PaymentStatus } from '../../orders/status.ts';
import { systemConfig } from '../../reference/service.ts';
import { cancelLink, linkState, orderPath, payResultPath } from '../links.ts';
import { paymentMessages as m } from '../messages.ts';
import { handleNotification } from '../notify.ts';
import { allowedReturnUrl, withOrderId } from '../return-url.ts';
import { signPayload } from '../signature.ts';
import { checkoutPage, messagePage, type ShopFrame } from './page.ts';

const wantsJson = (req: Request) => req.accepts(['html', 'json']) === 'json';

/**
 * The lpay sandbox provider: a hosted checkout page served by the service itself. Pay sends
 * the signed notification to the service's own handler, then redirects to the web app's
 * payment-result page; Cancel kills the link (the order stays pending).
 */
export function lpayRoutes(ctx: AppContext): Router {
  const router = Router();

  const noStore = (res: Response) => res.set('Cache-Control', 'no-store');

  // The pages speak the shopper's storefront language (cookie), else the browser's.
  router.use('/pay/lpay', (req, _res, next) => {
    req.locale = chooseLocale(req.get('cookie'), req.get('accept-language'));
    next();
  });

  // Every link to the shop's own pages is a path: the page is served on whichever of the shop's
  // origins the shopper used (through the gateway), and only that origin has their session cookie.
  const shopFrame = async (req: Request): Promise<ShopFrame> => ({
    name: (await systemConfig(ctx, req.locale)).shopName,
    home: '/',
  });

  async function expired(req: Request, res: Response) {
    noStore(res);
    if (wantsJson(req)) {
      res.status(200).json(envelope(req.locale, false, null, m['payment.linkExpired']));
      return;
    }
    res
      .status(410)
      .type('html')
      .send(messagePage(req.locale, await shopFrame(req), m['payment.linkExpired']));
  }

  /**
   * A link closed because the order was paid through a newer one: the shopper is told the order
   * is paid (not that the link expired, which reads as a failed payment) and shown the order.
   */
  async function orderPaid(req: Request, res: Response, orderId: number) {
    noStore(res);
    if (wantsJson(req)) {
      res.status(200).json(envelope(req.locale, false, { orderId }, m['payment.orderPaid'], {}, 3));
      return;
    }
    res
      .status(200)
      .type('html')
      .send(
        messagePage(req.locale, await shopFrame(req), m['payment.orderPaid'], {
          href: orderPath(orderId),
          label: m['lpay.viewOrder'],
        }),
      );
  }

  /**
   * Back to the client's own return address (checked again here), else the web app's result
   * page; `cancelled` lets it say so at once instead of waiting.
   */
  function redirect(req: Request, res: Response, orderId: number, cancelled = false) {
    const back = allowedReturnUrl(ctx, req.query.return);
    const url = `${back ? withOrderId(back, orderId) : payResultPath(orderId)}${cancelled ? '&cancelled=1' : ''}`;
    noStore(res);
    if (wantsJson(req)) ok(req, res, { redirect: url, orderId });
    else res.redirect(303, url);
  }

  on(router, routes.payments.checkout, async (req, res) => {
    const link = await linkState(ctx, req.params.token);
    if (link.state === 'paid') return redirect(req, res, link.orderId);
    if (link.state === 'orderPaid') return orderPaid(req, res, link.orderId);
    if (link.state === 'expired') return expired(req, res);
    const config = await systemConfig(ctx, req.locale);
    const view = {
      token: req.params.token,
      orderNo: link.order.order_no,
      amount: link.payment.amount,
      expiresAt: link.payment.expires_at,
      timeZone: config.timeZone,
      currency: config.currency,
    };
    noStore(res);
    if (wantsJson(req)) {
      ok(req, res, {
        ...view,
        token: undefined,
        timeZone: undefined,
        currency: undefined,
        amountText: formatMoney(view.amount, view.currency),
        orderId: link.order.id,
      });
      return;
    }
    const back = allowedReturnUrl(ctx, req.query.return);
    res
      .type('html')
      .send(checkoutPage(req.locale, await shopFrame(req), { ...view, returnUrl: back ?? undefined }));
  });

  on(router, routes.payments.confirm, async (req, res) => {
    const link = await linkState(ctx, req.params.token);
    if (link.state === 'paid') return redirect(req, res, link.orderId);
    if (link.state === 'orderPaid') return orderPaid(req, res, link.orderId);
    if (link.state === 'expired') return expired(req, res);
    const body = JSON.stringify({
      eventId: `evt_${randomUUID()}`,
      type: 'payment.succeeded',
      orderId: link.order.id,
      paymentToken: req.params.token,
      amount: link.payment.amount,
      paidAt: ctx.now().toISOString(),
    });
    // The sandbox takes the money only while the link is still payable under the order's lock:
    // of two links confirmed at once, one is captured and the other is closed, never both.
    const stillPayable = async (trx: Kysely<Database>) =>
      (await linkState(ctx, req.params.token, trx)).state === 'valid' ? null : ('link-closed' as const);
    const result = await handleNotification(
      ctx,
      body,
      signPayload(ctx.secrets.lpay, body, ctx.now()),
      stillPayable,
    );
    if (result.outcome === 'link-closed') {
      const order = await ctx.db
        .selectFrom('orders')
        .select('payment_status')
        .where('id', '=', link.order.id)
        .executeTakeFirst();
      if (order?.payment_status === PaymentStatus.paid) return redirect(req, res, link.order.id);
      return expired(req, res);
    }
    if (!result.success) {
      ctx.log.error({ orderId: link.order.id, result }, 'lpay sandbox notification was refused');
      noStore(res);
      if (wantsJson(req)) res.status(502).json(envelope(req.locale, false, null, m['lpay.failed']));
      else
        res
          .status(502)
          .type('html')
          .send(messagePage(req.locale, await shopFrame(req), m['lpay.failed']));
      return;
    }
    redirect(req, res, link.order.id);
  });

  on(router, routes.payments.cancel, async (req, res) => {
    const link = await linkState(ctx, req.params.token);
    if (link.state === 'paid') return redirect(req, res, link.orderId);
    if (link.state === 'orderPaid') return orderPaid(req, res, link.orderId);
    if (link.state === 'expired') return expired(req, res);
    await cancelLink(ctx, link.payment.id);
    redirect(req, res, link.order.id, true);
  });

  return router;
}
