import type { ApolloCache } from '@apollo/client';

/**
 * After a ship or a review: the changed Order/Refund is already merged by id; the lists (whose
 * membership and totals depend on status) and the open detail are dropped so the screens on view
 * read them again at once. The shopper's own lists are not in the admin's cache.
 */
export function evictBackOffice(cache: ApolloCache): void {
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'adminOrders' });
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'adminRefunds' });
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'adminOrder' });
  cache.gc();
}
