/**
 * Cache control on Apollo's requests: the per-document policy (graphql/cache-policy.ts) instead of
 * Apollo's per-field hooks, written as `Cache-Control` and `Vary`, and Apollo's response cache for
 * signed-in shoppers (anonymous answers are kept by the HTTP cache in front, http/cache.ts).
 */
import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import responseCachePlugin from '@apollo/server-plugin-response-cache';
import { InMemoryLRUCache, type KeyValueCache } from '@apollo/utils.keyvaluecache';
import type { GatewayConfig } from '../config.ts';
import { languageKey } from '../http/cache.ts';
import {
  CacheDecisions,
  cacheControlValue,
  DEFAULT_STOCK_MAX_AGE,
  type Hint,
  restrict,
  restrictReplace,
  VARY,
} from './cache-policy.ts';

interface CacheContext extends BaseContext {
  sessionCacheKey: string | null;
  /** The request's Accept-Language as sent (the service localises by it). */
  acceptLanguage?: string;
}

const CACHEABLE_HEADER = /^max-age=(\d+), (public|private)$/;

/**
 * The operation's cache decision applied to Apollo's requests: restricted into the overall policy
 * when the operation is resolved, then written as the HTTP `Cache-Control` header, and `Vary:
 * Accept-Language` on every answer.
 */
function documentCachePolicy(decisions: CacheDecisions): ApolloServerPlugin<CacheContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, document, schema, overallCachePolicy }) {
          if (operation) overallCachePolicy.restrict(decisions.of(operation, document, schema));
        },
        async willSendResponse({ response, overallCachePolicy }) {
          const headers = response.http.headers;
          const existing = headers.get('cache-control');
          const parsed = existing ? CACHEABLE_HEADER.exec(existing) : null;
          if (existing && existing !== 'no-store' && !parsed) {
            // A header someone else wrote and Apollo could not read is left alone, as Apollo does.
          } else {
            const policy: Hint = {};
            restrictReplace(policy, overallCachePolicy);
            if (parsed)
              restrict(policy, {
                maxAge: Number(parsed[1]),
                scope: parsed[2] === 'public' ? 'PUBLIC' : 'PRIVATE',
              });
            const withoutErrors =
              existing !== 'no-store' &&
              response.body.kind === 'single' &&
              !response.body.singleResult.errors;
            headers.set('cache-control', cacheControlValue(policy, withoutErrors));
          }
          const vary = headers.get('vary');
          if (!vary?.toLowerCase().includes('accept-language')) {
            headers.set('vary', vary ? `${vary}, ${VARY}` : VARY);
          }
        },
      };
    },
  };
}

/**
 * Cache control (HTTP headers + policy) and a response cache for public queries: a popular
 * product page is answered from memory for `publicMaxAge` seconds instead of going upstream.
 * Keys include the Accept-Language header (names and texts differ by language) and the session, so a
 * per-user answer is never shared (private answers have max-age 0 and are not stored at all).
 */
export function cachePlugins(
  config: Pick<GatewayConfig, 'publicMaxAge' | 'responseCacheEntries'> &
    Partial<Pick<GatewayConfig, 'stockMaxAge'>>,
  decisions = new CacheDecisions(config.publicMaxAge, config.stockMaxAge ?? DEFAULT_STOCK_MAX_AGE),
  /** Where answers are kept (cache/store.ts: Redis shared by instances, or memory). */
  cache: KeyValueCache<string> = new InMemoryLRUCache({ maxSize: config.responseCacheEntries * 20_000 }),
): ApolloServerPlugin<CacheContext>[] {
  return [
    // Apollo's per-field plugin is replaced by the per-document policy above (same hints, no hooks).
    ApolloServerPluginCacheControlDisabled(),
    documentCachePolicy(decisions),
    signedInOnly(
      responseCachePlugin<CacheContext>({
        cache,
        sessionId: async ({ contextValue }) => contextValue.sessionCacheKey,
        // Anonymous public answers are kept (and hit) by the HTTP cache in front of Apollo
        // (http/cache.ts); keying and storing them twice would only cost time.
        shouldReadFromCache: async ({ contextValue }) => contextValue.sessionCacheKey !== null,
        shouldWriteToCache: async ({ contextValue }) => contextValue.sessionCacheKey !== null,
        extraCacheKeyData: async ({ contextValue }) => languageKey(contextValue.acceptLanguage),
      }),
    ),
  ];
}

/**
 * Runs the response cache's per-request hooks only for requests with a session: for anonymous
 * ones it neither reads nor writes (see above), so its hooks would be work for nothing.
 */
function signedInOnly(plugin: ApolloServerPlugin<CacheContext>): ApolloServerPlugin<CacheContext> {
  return {
    ...plugin,
    async requestDidStart(requestContext) {
      if (requestContext.contextValue.sessionCacheKey === null) return undefined;
      return plugin.requestDidStart?.(requestContext);
    },
  };
}
