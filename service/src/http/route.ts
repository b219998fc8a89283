import type { ParamNames, Route, RouteMethod } from '@shop/common/rest/routes.ts';
import type { RequestHandler, Router } from 'express';

/** A handler of a route, with `req.params` named by the route's path (`:id` → `req.params.id`). */
export type RouteHandler<P extends string> = RequestHandler<{ [K in ParamNames<P>]: string }>;

/**
 * Registers `handlers` at the route's method and path (common/rest/routes.ts), so the path the
 * service answers is the one the gateway calls. Registration order still decides between routes
 * such as `/shop/order/after-sales` and `/shop/order/:id`.
 */
export function on<P extends string>(
  router: Router,
  route: Route<RouteMethod, P, unknown>,
  ...handlers: Array<RouteHandler<P> | RouteHandler<P>[]>
): void {
  router[route.method](route.path, ...handlers);
}
