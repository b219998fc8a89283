import { chooseLocale } from '@shop/common/locale.ts';
import { httpServerMetrics } from '@shop/common/telemetry/http-metrics.ts';
import { redactSecretPaths } from '@shop/common/telemetry/secret-routes.ts';
import express, { type Express } from 'express';
import helmet from 'helmet';
import type { AppContext } from './context.ts';
import { errorHandler, notFoundHandler } from './http/envelope.ts';
import { healthRoutes } from './http/health.ts';
import { refuseMalformedText, verifyText } from './http/strict-body.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { addressRoutes } from './modules/addresses/routes.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { cartRoutes } from './modules/cart/routes.ts';
import { catalogueRoutes } from './modules/catalogue/routes.ts';
import { catalogueAdminRoutes } from './modules/catalogue-admin/routes.ts';
import { fileRoutes } from './modules/files/routes.ts';
import { ledgerRoutes } from './modules/ledger/routes.ts';
import { orderRoutes } from './modules/orders/routes.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { productAdminRoutes } from './modules/product-admin/routes.ts';
import { productExcelRoutes } from './modules/product-excel/routes.ts';
import { productPhotoRoutes } from './modules/product-photos/routes.ts';
import { referenceRoutes } from './modules/reference/routes.ts';
import { stockRoutes } from './modules/stock/routes.ts';

export const API_BASE = '/service';

/** The REST shop service: every route under /service, the envelope for every answer. */
export function createApp(ctx: AppContext): Express {
  const app = express();
  app.disable('x-powered-by');
  // Answers are for the gateway, which never revalidates them: hashing each JSON body for an
  // ETag was work on every request. Routes that serve files set their own (drawings, send).
  app.set('etag', false);
  // X-Forwarded-For names the client only when it comes from a trusted peer (the gateway):
  // the login and registration throttles key on req.ip.
  app.set('trust proxy', ctx.config.trustedProxies);
  app.use(httpServerMetrics('shop-service'));
  app.use(
    helmet({
      // The lpay sandbox pages post a form to themselves; nothing else is framed or scripted.
      contentSecurityPolicy: { directives: { 'form-action': ["'self'"], 'script-src': ["'self'"] } },
      crossOriginResourcePolicy: { policy: 'cross-origin' },
    }),
  );

  app.use((req, res, next) => {
    // API answers follow Accept-Language alone: the gateway forwards its caller's, and picks its
    // own texts from the same header with the same rule.
    req.locale = chooseLocale(undefined, req.get('accept-language'));
    req.log = ctx.log;
    // The request line is written at info: below that level its timer and listener are not set up.
    if (!ctx.log.isLevelEnabled('info')) return next();
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      ctx.log.info(
        {
          method: req.method,
          // The address as asked (routers strip their mount paths from req.path), and a payment
          // link's token, a secret, as the route's template.
          path: redactSecretPaths(req.originalUrl.split('?')[0]),
          status: res.statusCode,
          ms: Math.round(ms * 10) / 10,
        },
        'request',
      );
    });
    next();
  });

  app.use(
    express.json({
      limit: ctx.config.bodyLimit,
      verify: (req, res, buf, charset) => {
        verifyText(req as express.Request, res, buf, charset);
        (req as express.Request).rawBody = buf;
      },
    }),
  );
  app.use(express.urlencoded({ extended: false, limit: '10kb', verify: verifyText }));
  app.use(refuseMalformedText);

  const api = express.Router();
  for (const routes of [
    accountRoutes,
    referenceRoutes,
    fileRoutes,
    catalogueRoutes,
    cartRoutes,
    addressRoutes,
    orderRoutes,
    paymentRoutes,
    ledgerRoutes,
    stockRoutes,
    // Before the routers whose /admin/product/:id and /admin/order/:id would take 'export' for an id.
    productExcelRoutes,
    adminRoutes,
    productAdminRoutes,
    productPhotoRoutes,
    catalogueAdminRoutes,
  ]) {
    api.use(routes(ctx));
  }
  app.use(API_BASE, api);
  app.use(healthRoutes(ctx));
  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
