import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { UpdateCartLineDocument } from '../../__generated__/graphql.ts';
import { updateLine } from './cart-math.ts';
import { cartChangeAccepted, optimisticCart, useReadCart } from './useCartCache.ts';

/**
 * Changes a line's quantity or selection. Optimistic: the line, its subtotal and the totals
 * change at once; on an error the optimistic layer is dropped, so the cart rolls back to what
 * the service last said (the error link shows its message). Resolves true on success.
 */
export function useUpdateCartLine() {
  const readCart = useReadCart();
  const [mutate] = useMutation(UpdateCartLineDocument);

  return useCallback(
    async (lineId: string, change: { quantity?: number; selected?: boolean }): Promise<boolean> => {
      const optimisticResponse = optimisticCart(readCart(), (cached) => ({
        updateCartLine: {
          __typename: 'UpdateCartLinePayload' as const,
          cart: updateLine(cached, lineId, change),
          userErrors: [],
        },
      }));
      return cartChangeAccepted(async () => {
        const result = await mutate({ variables: { input: { lineId, ...change } }, optimisticResponse });
        return result.data?.updateCartLine;
      });
    },
    [mutate, readCart],
  );
}
