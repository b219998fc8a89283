import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { AddToCartDocument } from '../../__generated__/graphql.ts';
import { acceptPayload } from '../../app/user-errors.ts';
import { addToLine } from './cart-math.ts';
import { useReadCart } from './useCartCache.ts';

/**
 * Adds a product to the cart. When the product already has a line in the cached cart, the
 * line (and the header's count) grows at once; the service's cart replaces it. The success
 * toast '加入购物车成功!' is the gateway's notice; a refusal (e.g. beyond stock: payload `userErrors`) is toasted by the
 * error link and rolls the optimistic change back. Resolves true on success.
 */
export function useAddToCart() {
  const readCart = useReadCart();
  const [mutate, { loading }] = useMutation(AddToCartDocument);

  const addToCart = useCallback(
    async (productId: string, quantity: number): Promise<boolean> => {
      const cart = readCart();
      const optimistic = cart ? addToLine(cart, productId, quantity) : null;
      try {
        const result = await mutate({
          variables: { input: { productId, quantity } },
          optimisticResponse: optimistic
            ? { addToCart: { __typename: 'AddToCartPayload', cart: optimistic, userErrors: [] } }
            : (_vars, { IGNORE }) => IGNORE,
        });
        acceptPayload(result.data?.addToCart);
        return true;
      } catch {
        return false;
      }
    },
    [mutate, readCart],
  );

  return { addToCart, loading };
}
