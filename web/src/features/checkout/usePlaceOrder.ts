import { useMutation } from '@apollo/client/react';
import { useCallback, useRef } from 'react';
import {
  PlaceOrderDocument,
  type PlaceOrderInput,
  type PlaceOrderMutation,
} from '../../__generated__/graphql.ts';
import { acceptPayload } from '../../app/user-errors.ts';

export type PlacedOrder = NonNullable<PlaceOrderMutation['placeOrder']['order']>;

/**
 * Places an order exactly once per confirm page: a second call while one is in flight is
 * ignored (double clicks), and the caller's `requestId` (made once per page) makes the service
 * return the same order for a retry. The payload's cart (ordered lines gone) lands in the cache.
 * Refusals are shown by the error link. Resolves with the order, or null.
 */
export function usePlaceOrder() {
  const inFlight = useRef(false);
  const [mutate, { loading }] = useMutation(PlaceOrderDocument);

  const placeOrder = useCallback(
    async (input: PlaceOrderInput): Promise<PlacedOrder | null> => {
      if (inFlight.current) return null;
      inFlight.current = true;
      try {
        const result = await mutate({ variables: { input } });
        return acceptPayload(result.data?.placeOrder).order;
      } catch {
        return null;
      } finally {
        inFlight.current = false;
      }
    },
    [mutate],
  );

  return { placeOrder, loading };
}
