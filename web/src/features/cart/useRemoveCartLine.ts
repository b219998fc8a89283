import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { RemoveCartLineDocument } from '../../__generated__/graphql.ts';
import { removeLine } from './cart-math.ts';
import { cartChangeAccepted, optimisticCart, useReadCart } from './useCartCache.ts';

/**
 * Removes a line (after the caller's 'Confirm deletion?'). Optimistic: the line disappears at
 * once and comes back if the service refuses. On success the line is evicted from the cache.
 */
export function useRemoveCartLine() {
  const readCart = useReadCart();
  const [mutate] = useMutation(RemoveCartLineDocument, {
    update(cache, { data }) {
      const removed = data?.removeCartLine.removedLineId;
      if (!removed) return;
      cache.evict({ id: cache.identify({ __typename: 'CartLine', id: removed }) });
      cache.gc();
    },
  });

  return useCallback(
    async (lineId: string): Promise<boolean> => {
      const optimisticResponse = optimisticCart(readCart(), (cached) => ({
        removeCartLine: {
          __typename: 'RemoveCartLinePayload' as const,
          removedLineId: lineId,
          cart: removeLine(cached, lineId),
          userErrors: [],
        },
      }));
      return cartChangeAccepted(async () => {
        const result = await mutate({ variables: { input: { lineId } }, optimisticResponse });
        return result.data?.removeCartLine;
      });
    },
    [mutate, readCart],
  );
}
