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
  /** The browser-facing origin, for absolute URLs (PUBLIC_ORIGIN). */
  publicOrigin: string;
  /** Seconds an answer that shows stock may be kept by any cache (GATEWAY_STOCK_MAX_AGE). */
  stockMaxAge: number;
  /** Seconds a session's menus and buttons may be kept, private to it (GATEWAY_RESOURCES_MAX_AGE). */
  resourcesMaxAge: number;
}
