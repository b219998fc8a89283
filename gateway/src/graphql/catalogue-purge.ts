/**
 * Acts on `@purgesCatalogue` (schema/cache-purge.graphql): when a root mutation field carrying it resolves
 * without an error or `userErrors`, the catalogue's generation (@shop/store's catalogue-generation.ts) is
 * raised before the answer is sent, so the caller's next read, and every shopper's on any gateway within a
 * moment, comes from the service, not from the response or page cache. A refused or failed call purges
 * nothing: a caller without the permission cannot empty the caches.
 */
import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import type { CatalogueGeneration } from '@shop/store/catalogue-generation.ts';
// Types only: Apollo may hand plugins schema objects of another graphql-js instance (CJS vs ESM).
import type { GraphQLField, GraphQLResolveInfo } from 'graphql';

export const PURGE_DIRECTIVE = 'purgesCatalogue';

const marked = new WeakMap<object, boolean>();

/** Whether the root field being resolved is a mutation marked `@purgesCatalogue`. */
function purges(info: GraphQLResolveInfo): boolean {
  if (info.path.prev !== undefined) return false;
  const field = info.parentType.getFields()[info.fieldName] as GraphQLField<unknown, unknown> | undefined;
  if (!field) return false;
  let known = marked.get(field);
  if (known === undefined) {
    known = Boolean(field.astNode?.directives?.some((directive) => directive.name.value === PURGE_DIRECTIVE));
    marked.set(field, known);
  }
  return known;
}

/** A payload that went through (resolvers/user-errors.ts answers refusals as `userErrors`). */
const succeeded = (result: unknown): boolean =>
  typeof result === 'object' &&
  result !== null &&
  ((result as { userErrors?: unknown[] }).userErrors?.length ?? 0) === 0;

export function cataloguePurgePlugin(generation: CatalogueGeneration): ApolloServerPlugin<BaseContext> {
  return {
    async requestDidStart() {
      let raise: Promise<void> | null = null;
      return {
        async executionDidStart({ operation }) {
          // Queries are most requests: their fields are not looked at. A document naming several
          // operations without saying which reaches execution with none (graphql refuses it there).
          if (operation?.operation !== 'mutation') return;
          return {
            willResolveField({ info }) {
              if (!purges(info)) return;
              return (error, result) => {
                if (!error && succeeded(result)) raise ??= generation.raise();
              };
            },
          };
        },
        async willSendResponse() {
          if (raise) await raise;
        },
      };
    },
  };
}
