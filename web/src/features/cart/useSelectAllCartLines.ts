import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { SelectAllCartLinesDocument } from '../../__generated__/graphql.ts';
import { selectAll } from './cart-math.ts';
import { cartChangeAccepted, optimisticCart, useReadCart } from './useCartCache.ts';

/** Selects or clears every line; optimistic, rolled back on error. Resolves true on success. */
export function useSelectAllCartLines() {
  const readCart = useReadCart();
  const [mutate] = useMutation(SelectAllCartLinesDocument);

  return useCallback(
    async (selected: boolean): Promise<boolean> => {
      const optimisticResponse = optimisticCart(readCart(), (cached) => ({
        selectAllCartLines: {
          __typename: 'SelectAllCartLinesPayload' as const,
          cart: selectAll(cached, selected),
          userErrors: [],
        },
      }));
      return cartChangeAccepted(async () => {
        const result = await mutate({ variables: { input: { selected } }, optimisticResponse });
        return result.data?.selectAllCartLines;
      });
    },
    [mutate, readCart],
  );
}
