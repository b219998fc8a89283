/**
 * The gateway's GraphQL caches, made in this one place: Apollo's document store (parsed and
 * validated documents, always in this process's memory) and the response cache's store (memory,
 * or Redis shared by the instances: cache/store.ts). Both are bounded in entries and in bytes
 * when they live in memory (Apollo's own size estimate: a string's length, a document's JSON length).
 * Beside them, the sessions that ended are recorded (session/ended.ts), in Redis as well when set,
 * and the catalogue's generation is kept there (@shop/store's catalogue-generation.ts).
 */
import { InMemoryLRUCache } from '@apollo/utils.keyvaluecache';
import type { Logger } from '@shop/common/logging.ts';
import { CatalogueGeneration } from '@shop/store/catalogue-generation.ts';
import type { DocumentNode } from 'graphql';
import type { ResponseStore } from '../cache/entries.ts';
import type { GatewayStores } from '../cache/store.ts';
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
