import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { RestoreProductDocument } from '../../../__generated__/graphql.ts';
import { acceptPayload } from '../../../app/user-errors.ts';
import { evictProductLists } from './cache.ts';

/**
 * Brings a withdrawn product back to the shelf state it had, against the version the list showed;
 * the lists read their page again. A refusal is the link's toast.
 */
export function useRestoreProduct() {
  const [restore, { loading }] = useMutation(RestoreProductDocument, { update: evictProductLists });
  const restoreProduct = useCallback(
    async (product: { id: string; version: number }) => {
      try {
        const input = { id: product.id, version: product.version };
        acceptPayload((await restore({ variables: { input } })).data?.restoreProduct);
        return true;
      } catch {
        return false; // the refusal is already a toast
      }
    },
    [restore],
  );
  return { restoreProduct, restoring: loading };
}
