import type { ApolloCache } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import {
  CreateAddressDocument,
  type CreateAddressInput,
  UpdateAddressDocument,
} from '../../__generated__/graphql.ts';
import { acceptPayload } from '../../app/user-errors.ts';

/** What the address form sends: the fields of a new address (an edit adds the id). */
export type AddressInput = CreateAddressInput;

/** The payload's full list replaces `Query.addresses`: saving may have moved the default. */
export function replaceAddresses(
  cache: ApolloCache,
  list: ReadonlyArray<{ __typename?: 'Address'; id: string }> | null | undefined,
) {
  if (!list) return;
  cache.modify({
    fields: {
      addresses: (_existing, { toReference }) =>
        list.map((address) => toReference({ ...address, __typename: 'Address' }, true)),
    },
  });
}

/**
 * Saves an address: a new one, or the one whose id is given. '保存成功!' is the gateway's notice
 * and refusals are toasted by the links (a refusal goes to `onRefused` for its fields). Resolves with the saved address, or null when refused.
 */
export function useSaveAddress() {
  const [create, created] = useMutation(CreateAddressDocument, {
    update: (cache, { data }) => replaceAddresses(cache, data?.createAddress.addresses),
  });
  const [update, updated] = useMutation(UpdateAddressDocument, {
    update: (cache, { data }) => replaceAddresses(cache, data?.updateAddress.addresses),
  });

  const save = useCallback(
    async (
      input: AddressInput,
      id?: string,
      /** Receives the refusal, to show the fields it names (`form.showRefusal`). */
      onRefused?: (error: unknown) => void,
    ): Promise<{ id: string } | null> => {
      try {
        if (id) {
          const result = await update({ variables: { input: { id, ...input } } });
          return acceptPayload(result.data?.updateAddress).address;
        }
        const result = await create({ variables: { input } });
        return acceptPayload(result.data?.createAddress).address;
      } catch (error) {
        onRefused?.(error);
        return null;
      }
    },
    [create, update],
  );

  return { save, loading: created.loading || updated.loading };
}
