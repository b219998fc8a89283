import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { UpdateProductDocument, type UpdateProductInput } from '../../../__generated__/graphql.ts';
import { acceptPayload } from '../../../app/user-errors.ts';
import { evictProductLists } from './cache.ts';

/**
 * Saves an edit made against `input.version`. The product (with its new version and history) is
 * merged by id and the lists read their page again (the success toast is the service's notice). Resolves with the saved product, or throws
 * the refusal — a stale edit's `PRODUCT_VERSION_CONFLICT` among them — for the editor to show.
 */
export function useUpdateProduct() {
  const [update, { loading }] = useMutation(UpdateProductDocument, { update: evictProductLists });
  const updateProduct = useCallback(
    async (input: UpdateProductInput) => {
      const { product } = acceptPayload((await update({ variables: { input } })).data?.updateProduct);
      return product;
    },
    [update],
  );
  return { updateProduct, updating: loading };
}
