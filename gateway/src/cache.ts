import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import { ApolloServerPluginCacheControl } from '@apollo/server/plugin/cacheControl';
import responseCachePlugin from '@apollo/server-plugin-response-cache';
import { InMemoryLRUCache } from '@apollo/utils.keyvaluecache';
import {
  BREAK,
  type DocumentNode,
  type FragmentDefinitionNode,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  visit,
} from 'graphql';
import type { GatewayConfig } from './config.ts';
import { languageKey } from './http-cache.ts';

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
  'productSearch',
  'searchSuggestions',
  'product',
  'hotProducts',
  'newProducts',
  'config',
  'settings',
  'areas',
  'dictionary',
  'notices',
  'cards',
  'fileUrl',
]);

/**
 * Fields whose value moves with every order: an answer selecting one of them (anywhere, e.g.
 * `product { stock }`) is cached at most `stockMaxAge` seconds, whatever its other hints say.
 */
export const VOLATILE_FIELDS = new Set(['stock']);

/** Default bound (seconds) for answers that select a VOLATILE_FIELDS field. */
export const DEFAULT_STOCK_MAX_AGE = 5;

interface CacheContext extends BaseContext {
  sessionCacheKey: string | null;
  /** The request's Accept-Language as sent (the service localises by it). */
  acceptLanguage?: string;
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

/** Whether the document selects a VOLATILE_FIELDS field anywhere (fragments included). */
function selectsVolatile(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    Field(node) {
      if (VOLATILE_FIELDS.has(node.name.value)) {
        found = true;
        return BREAK;
      }
      return undefined;
    },
  });
  return found;
}

type Decision = { private: true } | { private: false; volatile: boolean };

/**
 * The default policy, decided once the operation is known (before execution): mutations are never
 * cacheable; a query is uncacheable as soon as it selects a root field that is neither public
 * (PUBLIC_ROOT_FIELDS) nor annotated with @cacheControl in the SDL. Public root fields without a
 * hint get Apollo's `defaultMaxAge` (publicMaxAge); answers with stock are bounded by stockMaxAge.
 * The decision is kept per parsed document (Apollo's document store hands out the same object for
 * the same query text), so a popular query is walked once, not per request.
 */
function defaultCachePolicy(stockMaxAge: number): ApolloServerPlugin<CacheContext> {
  const decisions = new WeakMap<OperationDefinitionNode, Decision>();
  const decide = (
    operation: OperationDefinitionNode,
    document: DocumentNode,
    queryFields: Record<string, { astNode?: { directives?: readonly { name: { value: string } }[] } | null }>,
  ): Decision => {
    if (operation.operation !== 'query') return { private: true };
    for (const name of rootFields(operation.selectionSet, document)) {
      if (name.startsWith('__')) continue;
      const hinted = queryFields[name]?.astNode?.directives?.some((d) => d.name.value === 'cacheControl');
      if (!hinted && !PUBLIC_ROOT_FIELDS.has(name)) return { private: true };
    }
    return { private: false, volatile: selectsVolatile(document) };
  };
  return {
    async requestDidStart() {
      let volatile = false;
      return {
        async didResolveOperation({ operation, document, schema, overallCachePolicy }) {
          if (!operation) return;
          let decision = decisions.get(operation);
          if (!decision) {
            decision = decide(operation, document, schema.getQueryType()?.getFields() ?? {});
            decisions.set(operation, decision);
          }
          // Restricting the overall policy before execution makes Apollo skip every field hint,
          // which is right (and cheap) for private answers only; the stock bound is a field hint.
          if (decision.private) overallCachePolicy.restrict({ maxAge: 0, scope: 'PRIVATE' });
          volatile = !decision.private && decision.volatile;
        },
        async executionDidStart({ overallCachePolicy }) {
          if (!volatile) return;
          return {
            willResolveField({ info }) {
              // A field hint, applied once execution has started (so the SDL hints still count).
              if (VOLATILE_FIELDS.has(info.fieldName)) overallCachePolicy.restrict({ maxAge: stockMaxAge });
            },
          };
        },
        async willSendResponse({ response }) {
          // Names, texts and error messages follow Accept-Language: shared caches must key on it.
          const vary = response.http.headers.get('vary');
          if (!vary?.toLowerCase().includes('accept-language')) {
            response.http.headers.set('vary', vary ? `${vary}, Accept-Language` : 'Accept-Language');
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
): ApolloServerPlugin<CacheContext>[] {
  return [
    // Nested objects inherit a cacheable default; the root policy above decides.
    ApolloServerPluginCacheControl({ defaultMaxAge: config.publicMaxAge, calculateHttpHeaders: true }),
    defaultCachePolicy(config.stockMaxAge ?? DEFAULT_STOCK_MAX_AGE),
    responseCachePlugin<CacheContext>({
      cache: new InMemoryLRUCache({ maxSize: config.responseCacheEntries * 20_000 }),
      sessionId: async ({ contextValue }) => contextValue.sessionCacheKey,
      // Anonymous public answers are kept (and hit) by the HTTP cache in front of Apollo
      // (http-cache.ts); keying and storing them twice would only cost time.
      shouldReadFromCache: async ({ contextValue }) => contextValue.sessionCacheKey !== null,
      shouldWriteToCache: async ({ contextValue }) => contextValue.sessionCacheKey !== null,
      extraCacheKeyData: async ({ contextValue }) => languageKey(contextValue.acceptLanguage),
    }),
  ];
}
