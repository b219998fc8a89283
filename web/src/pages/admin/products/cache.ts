import type { ApolloCache } from '@apollo/client';

/**
 * After a product is created, edited, withdrawn or restored: the product itself is merged by id;
 * the lists (whose membership, order and totals follow names, categories and shelf states) are
 * dropped so the list on view reads its page again at once.
 */
export function evictProductLists(cache: ApolloCache): void {
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'adminProducts' });
  cache.gc();
}
