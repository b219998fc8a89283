import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { CreateProductDocument, type CreateProductInput } from '../../../__generated__/graphql.ts';
import { acceptPayload } from '../../../app/user-errors.ts';
import { evictProductLists } from './cache.ts';

/**
 * Creates a product; the lists read their page again. The success toast is the service's notice. Resolves with the new product's id, or
 * throws the refusal (already toasted by the link) for the form to put beside its fields.
 */
export function useCreateProduct() {
  const [create, { loading }] = useMutation(CreateProductDocument, { update: evictProductLists });
  const createProduct = useCallback(
    async (input: CreateProductInput) => {
      const { product } = acceptPayload((await create({ variables: { input } })).data?.createProduct);
      return product;
    },
    [create],
  );
  return { createProduct, creating: loading };
}
