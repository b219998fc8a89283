import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { type AddressOption_AddressFragment, CreateAddressDocument } from '../../__generated__/graphql.ts';

export interface NewAddress {
  recipient: string;
  phone: string;
  city: string;
  detail: string;
  isDefault?: boolean;
}

/**
 * Saves a new address. The payload's full list replaces `Query.addresses` (the default may have
 * moved); '保存成功!' is the gateway's notice and refusals are shown by the error link.
 * Resolves with the new address, or null when it was refused.
 */
export function useCreateAddress() {
  const [mutate, { loading }] = useMutation(CreateAddressDocument, {
    update(cache, { data }) {
      const list = data?.createAddress.addresses;
      if (!list) return;
      cache.modify({
        fields: {
          addresses: (_existing, { toReference }) => list.map((address) => toReference(address, true)),
        },
      });
    },
  });

  const create = useCallback(
    async (input: NewAddress): Promise<AddressOption_AddressFragment | null> => {
      try {
        const result = await mutate({ variables: { input } });
        return result.data?.createAddress.address ?? null;
      } catch {
        return null;
      }
    },
    [mutate],
  );

  return { create, loading };
}
