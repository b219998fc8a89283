import type { ShopLocale } from '@shop/common/locale.ts';
import type { Loaders } from './loaders.ts';
import type { SessionHandle } from './session/handle.ts';
import type { ShopClient } from './shop-client/index.ts';

/**
 * The GraphQL context of one request: built by the server, used by resolvers. Resolvers reach the
 * REST service only through `shop` (the raw upstream call stays in the server's RequestContext).
 */
export interface GatewayContext {
  /** The typed REST client (shop-client/): `shop.call(route, …)` with a route of common/rest/routes.ts. */
  shop: ShopClient;
  session: SessionHandle;
  /** Per-request DataLoaders over `shop` (created by `createLoaders`). */
  loaders: Loaders;
  locale: ShopLocale;
  /** The browser-facing origin, for absolute URLs that must be canonical (PUBLIC_ORIGIN). */
  publicOrigin: string;
  /**
   * Where links to the shop's own pages that a client opens in a browser go (a payment page): the origin
   * the request was sent to when the shop proved it its own, else PUBLIC_ORIGIN. Only the shopper's
   * browser has their session cookie on the origin they use; never in an answer any cache keeps.
   */
  linkOrigin: string;
  /** Seconds an answer that shows stock may be kept by any cache (GATEWAY_STOCK_MAX_AGE). */
  stockMaxAge: number;
  /** Seconds a session's menus and buttons may be kept, private to it (GATEWAY_RESOURCES_MAX_AGE). */
  resourcesMaxAge: number;
}
