import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { SelectAllCartLinesDocument } from '../../__generated__/graphql.ts';
import { acceptPayload } from '../../app/user-errors.ts';
import { selectAll } from './cart-math.ts';
import { useReadCart } from './useCartCache.ts';

/** Selects or clears every line; optimistic, rolled back on error. Resolves true on success. */
export function useSelectAllCartLines() {
  const readCart = useReadCart();
  const [mutate] = useMutation(SelectAllCartLinesDocument);

  return useCallback(
    async (selected: boolean): Promise<boolean> => {
      const cart = readCart();
      try {
        const result = await mutate({
          variables: { input: { selected } },
          optimisticResponse: cart
            ? {
                selectAllCartLines: {
                  __typename: 'SelectAllCartLinesPayload',
                  cart: selectAll(cart, selected),
                  userErrors: [],
                },
              }
            : (_vars, { IGNORE }) => IGNORE,
        });
        acceptPayload(result.data?.selectAllCartLines);
        return true;
      } catch {
        return false;
      }
    },
    [mutate, readCart],
  );
}
