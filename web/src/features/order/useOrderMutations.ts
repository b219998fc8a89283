import type { ApolloCache } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import {
  ApplyRefundDocument,
  CancelOrderDocument,
  ConfirmReceiptDocument,
} from '../../__generated__/graphql.ts';
import { acceptPayload } from '../../app/user-errors.ts';

/**
 * After an order changes state it leaves one status tab for another and the ledger may gain a
 * line: the paged lists (`orders`, `bills`) and the order's after-sales steps are dropped from
 * the cache, so every screen that shows them asks again without a reload. The order itself is
 * updated in place from the mutation's answer (card and detail read the same cache object).
 */
export function forgetOrderLists(cache: ApolloCache, orderId: string) {
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'orders' });
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'bills' });
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'afterSales', args: { orderId } });
  cache.evict({ id: cache.identify({ __typename: 'Order', id: orderId }), fieldName: 'afterSales' });
  cache.gc();
}

/** Cancel, confirm receipt and apply for a refund, each followed by the cache update above. */
export function useOrderMutations(orderId: string) {
  const update = (cache: ApolloCache) => forgetOrderLists(cache, orderId);
  const input = { orderId };
  const [cancel, cancelState] = useMutation(CancelOrderDocument, { update });
  const [receive, receiveState] = useMutation(ConfirmReceiptDocument, { update });
  const [refund] = useMutation(ApplyRefundDocument, { update });
  // A refusal (userErrors) rejects like a failed call; its toast is already shown.
  return {
    cancel: async () => acceptPayload((await cancel({ variables: { input } })).data?.cancelOrder),
    cancelling: cancelState.loading,
    receive: async () => acceptPayload((await receive({ variables: { input } })).data?.confirmReceipt),
    receiving: receiveState.loading,
    refund: async (reason: string) =>
      acceptPayload((await refund({ variables: { input: { ...input, reason } } })).data?.applyRefund),
  };
}
