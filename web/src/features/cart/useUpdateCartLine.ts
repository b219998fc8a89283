import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { UpdateCartLineDocument } from '../../__generated__/graphql.ts';
import { acceptPayload } from '../../app/user-errors.ts';
import { updateLine } from './cart-math.ts';
import { useReadCart } from './useCartCache.ts';

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
      const cart = readCart();
      try {
        const result = await mutate({
          variables: { input: { lineId, ...change } },
          optimisticResponse: cart
            ? {
                updateCartLine: {
                  __typename: 'UpdateCartLinePayload',
                  cart: updateLine(cart, lineId, change),
                  userErrors: [],
                },
              }
            : (_vars, { IGNORE }) => IGNORE,
        });
        acceptPayload(result.data?.updateCartLine);
        return true;
      } catch {
        return false;
      }
    },
    [mutate, readCart],
  );
}
