/** A request's context (RequestContext), built from what any transport can give. */
import { chooseLocale } from '@shop/common/locale.ts';
import type { CatalogueGeneration } from '@shop/store/catalogue-generation.ts';
import type { PageContextInput } from '@shop/web-server';
import type { GatewayConfig } from './config.ts';
import type { RequestContext } from './graphql/operation-outcome.ts';
import { createLoaders, type SharedFacts } from './loaders.ts';
import { openSession } from './session/edge.ts';
import type { RefreshFlights } from './session/refresh.ts';
import { SessionUpstream } from './session/upstream.ts';
import { createShopClient } from './shop-client/index.ts';
import type { Notice, UpstreamTransport } from './upstream/types.ts';

/**
 * What any transport gives (the /graphql front, an Express route, a page render), in the shape the page
 * server declares for the contexts it asks for, so the context depends on no HTTP framework.
 */
export type ContextInput = PageContextInput & {
  /**
   * The origin the request was sent to, when it is one of the shop's own (http/arrival-origin.ts). Only
   * /graphql gives it: a page's address, and so the links its forms compare with, is on PUBLIC_ORIGIN.
   */
  origin?: string;
};

export interface ContextDeps {
  config: GatewayConfig;
  transport: UpstreamTransport;
  flights: RefreshFlights;
  shared: SharedFacts;
  catalogue: CatalogueGeneration;
}

export async function buildContext(input: ContextInput, deps: ContextDeps): Promise<RequestContext> {
  const session = await openSession(input.headers, input.secure, deps.config.session);
  // A known locale is the whole language preference: upstream calls, error texts and cache keys follow it.
  const acceptLanguage = input.locale ?? input.headers['accept-language'] ?? undefined;
  const notices: Notice[] = [];
  const upstream = new SessionUpstream({
    transport: deps.transport,
    session,
    flights: deps.flights,
    acceptLanguage,
    notices,
    clientAddress: input.ip,
  });
  const shop = createShopClient(upstream);
  return {
    upstream,
    shop,
    session,
    loaders: createLoaders(shop, deps.shared),
    // Not a getter: Apollo's per-operation context copy reads every property; a getter would only slow it.
    locale: input.locale ?? chooseLocale(undefined, acceptLanguage),
    publicOrigin: deps.config.publicOrigin,
    linkOrigin: input.origin ?? deps.config.publicOrigin,
    acceptLanguage,
    // As the session was opened (its hash taken once, there).
    sessionCacheKey: session.openedCacheKey,
    catalogueGeneration: await deps.catalogue.current(),
    notices,
    stockMaxAge: deps.config.stockMaxAge,
    resourcesMaxAge: deps.config.resourcesMaxAge,
    appendCookie: input.appendCookie,
    startedAt: performance.now(),
  };
}
