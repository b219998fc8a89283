/**
 * The gateway's GraphQL caches, made in this one place so another store (a shared one for several
 * instances) can take their place: Apollo's document store (parsed and validated documents) and
 * the response cache's store. Both are bounded in entries and in bytes (Apollo's own size
 * estimate: a string's length, a document's JSON length).
 */
import { InMemoryLRUCache, type KeyValueCache } from '@apollo/utils.keyvaluecache';
import type { DocumentNode } from 'graphql';
import type { GatewayConfig } from '../config.ts';

export interface GraphqlCaches {
  documentStore: InMemoryLRUCache<DocumentNode>;
  responses: KeyValueCache<string>;
}

export function createCaches(config: Pick<GatewayConfig, 'documentStore' | 'responseCache'>): GraphqlCaches {
  return {
    documentStore: new InMemoryLRUCache<DocumentNode>({
      max: config.documentStore.entries,
      maxSize: config.documentStore.bytes,
      sizeCalculation: InMemoryLRUCache.sizeCalculation,
    }),
    responses: new InMemoryLRUCache<string>({
      max: config.responseCache.entries,
      maxSize: config.responseCache.bytes,
      sizeCalculation: InMemoryLRUCache.sizeCalculation,
    }),
  };
}
