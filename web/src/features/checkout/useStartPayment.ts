import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { type PaymentMethod, StartPaymentDocument } from '../../__generated__/graphql.ts';
import { acceptPayload } from '../../app/user-errors.ts';

/** Navigation to the provider's hosted page (replaceable in tests). */
export const browser = {
  assign(url: string) {
    window.location.assign(url);
  },
};

/**
 * Starts paying an order and goes to the provider's hosted page (lpay). Refusals — e.g. an
 * order past its payment deadline — are shown by the error link. Resolves true when leaving.
 */
export function useStartPayment() {
  const [mutate, { loading }] = useMutation(StartPaymentDocument);

  const startPayment = useCallback(
    async (orderId: string, method: PaymentMethod): Promise<boolean> => {
      try {
        const result = await mutate({ variables: { input: { orderId, method } } });
        const { payUrl } = acceptPayload(result.data?.startPayment);
        if (!payUrl) return false;
        browser.assign(payUrl);
        return true;
      } catch {
        return false;
      }
    },
    [mutate],
  );

  return { startPayment, loading };
}
