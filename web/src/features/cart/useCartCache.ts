import type { IgnoreModifier } from '@apollo/client/cache';
import { useApolloClient } from '@apollo/client/react';
import { useCallback } from 'react';
import { CartTable_CartFragmentDoc } from '../../__generated__/graphql.ts';
import { acceptPayload, type UserErrorLike } from '../../app/user-errors.ts';
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

/**
 * A cart mutation's optimistic answer, built from the cart as cached (`answer`), or none when the
 * cart is not cached yet.
 */
export function optimisticCart<R>(
  cart: CartState | null,
  answer: (cart: CartState) => R,
): R | ((variables: unknown, helpers: { IGNORE: IgnoreModifier }) => IgnoreModifier) {
  return cart ? answer(cart) : (_variables, { IGNORE }) => IGNORE;
}

/**
 * Runs a cart mutation and says whether its payload was accepted: false when it was refused or
 * failed (the error link has shown why, and the optimistic layer is dropped, so the cart rolls
 * back to what the service last said).
 */
export async function cartChangeAccepted<P extends { userErrors: ReadonlyArray<UserErrorLike> }>(
  run: () => Promise<P | null | undefined>,
): Promise<boolean> {
  try {
    acceptPayload(await run());
    return true;
  } catch {
    return false;
  }
}
