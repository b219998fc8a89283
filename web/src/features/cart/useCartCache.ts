import { useApolloClient } from '@apollo/client/react';
import { useCallback } from 'react';
import { CartTable_CartFragmentDoc } from '../../__generated__/graphql.ts';
import type { CartState } from './cart-math.ts';

/** Reads the cart as the cache holds it now (null when it has not been loaded). */
export function useReadCart(): () => CartState | null {
  const client = useApolloClient();
  return useCallback(() => {
    const id = client.cache.identify({ __typename: 'Cart' });
    if (!id) return null;
    try {
      return client.cache.readFragment({
        fragment: CartTable_CartFragmentDoc,
        fragmentName: 'CartTable_cart',
        id,
      });
    } catch {
      return null;
    }
  }, [client]);
}
