/**
 * The gateway's GraphQL caches, made in this one place: Apollo's document store (parsed and validated
 * documents, always in this process's memory) and the response cache's store (memory, or Redis shared by the
 * instances: cache/entries.ts), bounded in entries and, in memory, in bytes (Apollo's size estimate: a string's
 * length, a document's JSON length). Beside them, ended sessions (session/ended.ts) and the catalogue's
 * generation (@shop/store's catalogue-generation.ts) are kept, in Redis as well when set.
 */
import { InMemoryLRUCache } from '@apollo/utils.keyvaluecache';
import type { Logger } from '@shop/common/logging.ts';
import { CatalogueGeneration } from '@shop/store/catalogue-generation.ts';
import type { DocumentNode } from 'graphql';
import type { GatewayStores, ResponseStore } from '../cache/entries.ts';

import type { GatewayConfig } from '../config.ts';
import { EndedSessions } from '../session/ended.ts';

export interface GraphqlCaches {
  documentStore: InMemoryLRUCache<DocumentNode>;
  responses: ResponseStore;
  endedSessions: EndedSessions;
  catalogue: CatalogueGeneration;
}

export function createCaches(
  config: Pick<GatewayConfig, 'documentStore' | 'responseCache' | 'resourcesMaxAge'>,
  stores: GatewayStores,
  log: Logger,
): GraphqlCaches {
  return {
    documentStore: new InMemoryLRUCache<DocumentNode>({
      max: config.documentStore.entries,
      maxSize: config.documentStore.bytes,
      sizeCalculation: InMemoryLRUCache.sizeCalculation,
    }),
    responses: stores.responses({
      maxEntries: config.responseCache.entries,
      maxSize: config.responseCache.bytes,
    }),
    // Marks are read on every signed-in query: the most recent logouts stay within this bound.
    endedSessions: new EndedSessions(
      stores.store('session', { maxEntries: config.responseCache.entries }),
      config.resourcesMaxAge,
    ),
    catalogue: new CatalogueGeneration(stores.counter('catalogue'), log),
  };
}
