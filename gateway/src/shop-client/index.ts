import {
  type AnswerOf,
  type ParamNames,
  type PathParams,
  pathOf,
  type Route,
  type RouteMethod,
  type TypesOf,
} from '@shop/common/rest/routes.ts';
import type { SessionUpstream } from '../session/upstream.ts';
import type { HttpMethod, QueryValue } from '../upstream/types.ts';

/** Any route of common/rest/routes.ts. */
export type ShopRoute = Route<RouteMethod, string, unknown>;

type ParamsOf<R> =
  R extends Route<RouteMethod, infer P, unknown>
    ? [ParamNames<P>] extends [never]
      ? { params?: undefined }
      : { params: PathParams<P> }
    : never;
type QueryOf<T> = T extends { query: infer Q } ? { query: Q } : { query?: undefined };
type BodyOf<T> = T extends { body: infer B } ? { body: B } : { body?: undefined };

/** What a call of `route` sends: its path's params, and its query and body where it declares them. */
export type CallOptions<R> = ParamsOf<R> & QueryOf<TypesOf<R>> & BodyOf<TypesOf<R>>;

/** The options are left out where the route takes none. */
export type CallArgs<R> =
  object extends CallOptions<R> ? [options?: CallOptions<R>] : [options: CallOptions<R>];

/**
 * The one typed edge to the REST service: resolvers and loaders name a route of common/rest/routes.ts (the
 * service registers its handlers on the same objects) and get its answer type. An interface, for test fakes.
 */
export interface ShopClient {
  call<R extends ShopRoute>(route: R, ...args: CallArgs<R>): Promise<AnswerOf<R>>;
}

const METHODS: Record<RouteMethod, HttpMethod> = { get: 'GET', post: 'POST', put: 'PUT', delete: 'DELETE' };

/**
 * The shop client over one request's upstream, whose `call` unwraps envelopes, maps errors, records notices
 * and renews the session: built per request, so it holds nothing else.
 */
export function createShopClient(upstream: Pick<SessionUpstream, 'call'>): ShopClient {
  return {
    call<R extends ShopRoute>(route: R, ...[options]: CallArgs<R>) {
      const { params, query, body } = (options ?? {}) as {
        params?: Record<string, string | number>;
        query?: Record<string, QueryValue>;
        body?: unknown;
      };
      return upstream.call<AnswerOf<R>>({
        method: METHODS[route.method],
        path: pathOf(route.path, params),
        query,
        body,
        auth: route.auth,
      });
    },
  };
}
