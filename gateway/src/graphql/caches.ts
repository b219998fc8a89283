/**
 * The gateway's GraphQL caches, made in this one place: Apollo's document store (parsed and
 * validated documents, always in this process's memory) and the response cache's store (memory,
 * or Redis shared by the instances: cache/store.ts). Both are bounded in entries and in bytes
 * when they live in memory (Apollo's own size estimate: a string's length, a document's JSON length).
 */
import { InMemoryLRUCache, type KeyValueCache } from '@apollo/utils.keyvaluecache';
import type { DocumentNode } from 'graphql';
import type { CacheStores } from '../cache/store.ts';
import type { GatewayConfig } from '../config.ts';

export interface GraphqlCaches {
  documentStore: InMemoryLRUCache<DocumentNode>;
  responses: KeyValueCache<string>;
}

export function createCaches(
  config: Pick<GatewayConfig, 'documentStore' | 'responseCache'>,
  stores: CacheStores,
): GraphqlCaches {
  return {
    documentStore: new InMemoryLRUCache<DocumentNode>({
      max: config.documentStore.entries,
      maxSize: config.documentStore.bytes,
      sizeCalculation: InMemoryLRUCache.sizeCalculation,
    }),
    responses: stores.store('response', {
      maxEntries: config.responseCache.entries,
      maxSize: config.responseCache.bytes,
    }),
  };
}
