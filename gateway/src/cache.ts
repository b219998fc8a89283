import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import { ApolloServerPluginCacheControl } from '@apollo/server/plugin/cacheControl';
import responseCachePlugin from '@apollo/server-plugin-response-cache';
import { InMemoryLRUCache } from '@apollo/utils.keyvaluecache';
import type { GatewayConfig } from './config.ts';

/**
 * Root fields whose answers are the same for everyone: catalogue, configuration, reference data.
 * An operation that touches only these is PUBLIC (HTTP `Cache-Control: max-age=N, public` and a
 * shared response-cache entry); any other root field makes the whole answer private/no-store.
 * `@cacheControl` hints in the SDL still apply on top (the stricter hint wins).
 */
export const PUBLIC_ROOT_FIELDS = new Set([
  'categories',
  'category',
  'products',
  'searchProducts',
  'product',
  'hotProducts',
  'newProducts',
  'config',
  'systemConfig',
  'settings',
  'areas',
  'dictionary',
  'notices',
  'cards',
  'cardKinds',
]);

/** What Apollo's cache-control plugin puts on `info` (see @apollo/cache-control-types). */
interface InfoCacheControl {
  cacheHint: { maxAge?: number; scope?: 'PUBLIC' | 'PRIVATE' };
  setCacheHint(hint: { maxAge?: number; scope?: 'PUBLIC' | 'PRIVATE' }): void;
}

interface CacheContext extends BaseContext {
  locale: string;
  sessionCacheKey: string | null;
}

/** Sets the default policy per root field (see PUBLIC_ROOT_FIELDS). */
function defaultCachePolicy(publicMaxAge: number): ApolloServerPlugin<CacheContext> {
  return {
    async requestDidStart() {
      return {
        async executionDidStart() {
          return {
            willResolveField({ info }) {
              if (info.path.prev !== undefined || info.fieldName === '__typename') return;
              const cacheControl = (info as unknown as { cacheControl?: InfoCacheControl }).cacheControl;
              if (!cacheControl) return;
              const hint = cacheControl.cacheHint;
              // Mutations (and subscriptions) are never cacheable.
              if (info.operation.operation !== 'query') {
                cacheControl.setCacheHint({ maxAge: 0, scope: 'PRIVATE' });
                return;
              }
              if (hint.maxAge !== undefined) return; // the SDL's @cacheControl decides
              if (PUBLIC_ROOT_FIELDS.has(info.fieldName) && info.parentType.name === 'Query') {
                cacheControl.setCacheHint({ maxAge: publicMaxAge, scope: 'PUBLIC' });
              } else {
                cacheControl.setCacheHint({ maxAge: 0, scope: 'PRIVATE' });
              }
            },
          };
        },
      };
    },
  };
}

/**
 * Cache control (HTTP headers + policy) and a response cache for public queries: a popular
 * product page is answered from memory for `publicMaxAge` seconds instead of going upstream.
 * Keys include the locale (names and texts differ by language) and the session mode, so a
 * per-user answer is never shared (private answers have max-age 0 and are not stored at all).
 */
export function cachePlugins(
  config: Pick<GatewayConfig, 'publicMaxAge' | 'responseCacheEntries'>,
): ApolloServerPlugin<CacheContext>[] {
  return [
    // Nested objects inherit a cacheable default; the root policy above decides.
    ApolloServerPluginCacheControl({ defaultMaxAge: config.publicMaxAge, calculateHttpHeaders: true }),
    defaultCachePolicy(config.publicMaxAge),
    responseCachePlugin<CacheContext>({
      cache: new InMemoryLRUCache({ maxSize: config.responseCacheEntries * 20_000 }),
      sessionId: async ({ contextValue }) => contextValue.sessionCacheKey,
      extraCacheKeyData: async ({ contextValue }) => contextValue.locale,
    }),
  ];
}
