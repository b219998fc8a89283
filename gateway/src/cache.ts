import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import { ApolloServerPluginCacheControl } from '@apollo/server/plugin/cacheControl';
import responseCachePlugin from '@apollo/server-plugin-response-cache';
import { InMemoryLRUCache } from '@apollo/utils.keyvaluecache';
import { type DocumentNode, type FragmentDefinitionNode, Kind, type SelectionSetNode } from 'graphql';
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

interface CacheContext extends BaseContext {
  locale: string;
  sessionCacheKey: string | null;
}

/** Root field names of an operation, looking through fragments. */
function rootFields(
  selectionSet: SelectionSetNode,
  document: DocumentNode,
  into = new Set<string>(),
): Set<string> {
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) into.add(selection.name.value);
    else if (selection.kind === Kind.INLINE_FRAGMENT) rootFields(selection.selectionSet, document, into);
    else {
      const fragment = document.definitions.find(
        (d): d is FragmentDefinitionNode =>
          d.kind === Kind.FRAGMENT_DEFINITION && d.name.value === selection.name.value,
      );
      if (fragment) rootFields(fragment.selectionSet, document, into);
    }
  }
  return into;
}

/**
 * The default policy, decided once the operation is known (before execution): mutations are never
 * cacheable; a query is uncacheable as soon as it selects a root field that is neither public
 * (PUBLIC_ROOT_FIELDS) nor annotated with @cacheControl in the SDL. Public root fields without a
 * hint get Apollo's `defaultMaxAge` (publicMaxAge).
 */
function defaultCachePolicy(): ApolloServerPlugin<CacheContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, document, schema, overallCachePolicy }) {
          if (!operation) return;
          if (operation.operation !== 'query') {
            overallCachePolicy.restrict({ maxAge: 0, scope: 'PRIVATE' });
            return;
          }
          const queryFields = schema.getQueryType()?.getFields() ?? {};
          for (const name of rootFields(operation.selectionSet, document)) {
            if (name.startsWith('__')) continue;
            const hinted = queryFields[name]?.astNode?.directives?.some(
              (d) => d.name.value === 'cacheControl',
            );
            if (!hinted && !PUBLIC_ROOT_FIELDS.has(name)) {
              overallCachePolicy.restrict({ maxAge: 0, scope: 'PRIVATE' });
              return;
            }
          }
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
    defaultCachePolicy(),
    responseCachePlugin<CacheContext>({
      cache: new InMemoryLRUCache({ maxSize: config.responseCacheEntries * 20_000 }),
      sessionId: async ({ contextValue }) => contextValue.sessionCacheKey,
      extraCacheKeyData: async ({ contextValue }) => contextValue.locale,
    }),
  ];
}
