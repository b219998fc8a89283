/**
 * Apollo Client prepares every operation document it is given once per client: it adds
 * `__typename`, strips client-only directives and walks the document several times to learn what
 * it holds. The browser keeps one client for a whole visit; the server makes one per page, so it
 * would prepare the same few documents again for every page (about a sixth of a render's CPU).
 * What it prepares depends on nothing but the document (one build, one set of type policies), so
 * the server's clients share it.
 *
 * These are Apollo Client's own caches, which it does not expose: should a version keep them
 * elsewhere, each client prepares its own: slower, never wrong (tests/web/server-documents.test.ts
 * fails then).
 */
import type { ApolloClient } from '@apollo/client';

interface PreparationCaches {
  cache: { addTypenameTransform?: object };
  queryManager?: { transformCache?: object };
}

let shared: { typename: object; documents: object } | undefined;

/** Makes `client` use the documents the server's first client prepared; false when it cannot. */
export function sharePreparedDocuments(client: ApolloClient): boolean {
  const inner = client as unknown as PreparationCaches;
  const typename = inner.cache.addTypenameTransform;
  const documents = inner.queryManager?.transformCache;
  if (!inner.queryManager || !typename || !documents) return false;
  if (!shared) {
    shared = { typename, documents };
    return true;
  }
  inner.cache.addTypenameTransform = shared.typename;
  inner.queryManager.transformCache = shared.documents;
  return true;
}
