/**
 * 我的地址's forms without JavaScript (/user/center/address): add or edit an address (its page
 * form, `?address=new` or `?address=<id>`), make one the default, delete one. A form opened from
 * the confirm page carries `back` (that page's path): saving returns there with the new address
 * chosen (`addressId`).
 */

import type { ApolloClient } from '@apollo/client';
import { areaText } from '@shop/common/areas.ts';
import { ruleMessage } from '@shop/common/validation/message.ts';
import {
  AddressFormAreasDocument,
  CreateAddressDocument,
  DeleteAddressDocument,
  SetDefaultAddressDocument,
  UpdateAddressDocument,
} from '../../__generated__/graphql.ts';
import {
  ADDRESS_FORM,
  ADDRESS_LIST_FORM,
  ADDRESS_PANEL,
  addressPageSchema,
  addressReturn,
} from '../../features/address/address-page.ts';
import type { UserErrorLike } from '../user-errors.ts';
import { failure, mutatePayload, redirectTo, refuse, ruleMessages, text, typedValues } from './shared.ts';

type Payload = { userErrors: UserErrorLike[] };
type SavePayload = Payload & { address?: { id: string } | null };

/** The text of a listed city ("广东省 广州市"), which the service replaces by its own names. */
async function cityLabel(client: ApolloClient, cityCode: string): Promise<string | null> {
  const { data } = await client.query({ query: AddressFormAreasDocument, errorPolicy: 'all' });
  for (const province of data?.areas ?? []) {
    const city = province.children.find((child) => child.value === cityCode);
    if (city) return areaText(province.label, city.label);
  }
  return null;
}

/** The address intents of the personal centre's action, or null for another intent. */
export async function addressFormAction(client: ApolloClient, intent: string, form: FormData, url: URL) {
  const back = url.searchParams.get('back');
  const id = text(form, 'id');

  if (intent === 'addressDefault' || intent === 'addressDelete') {
    try {
      if (intent === 'addressDefault') {
        await mutatePayload(
          () =>
            client.mutate({
              mutation: SetDefaultAddressDocument,
              variables: { input: { id } },
              errorPolicy: 'all',
            }),
          (result: { setDefaultAddress?: Payload }) => result?.setDefaultAddress,
        );
      } else {
        await mutatePayload(
          () =>
            client.mutate({
              mutation: DeleteAddressDocument,
              variables: { input: { id } },
              errorPolicy: 'all',
            }),
          (result: { deleteAddress?: Payload }) => result?.deleteAddress,
        );
      }
    } catch (error) {
      return failure(ADDRESS_LIST_FORM, {}, error);
    }
    return redirectTo(ADDRESS_PANEL);
  }

  if (intent !== 'address') return null;
  const values = typedValues(form, ['recipient', 'phone', 'cityCode', 'detail', 'isDefault']);
  const parsed = addressPageSchema.safeParse({
    recipient: text(form, 'recipient'),
    phone: text(form, 'phone'),
    cityCode: text(form, 'cityCode'),
    detail: text(form, 'detail'),
  });
  if (!parsed.success) return refuse({ form: ADDRESS_FORM, values, rules: ruleMessages(parsed.error) });
  const { cityCode, ...fields } = parsed.data;
  const city = await cityLabel(client, cityCode);
  if (!city)
    return refuse({ form: ADDRESS_FORM, values, rules: { cityCode: ruleMessage('validation.required') } });
  const input = { ...fields, city, cityCode, isDefault: text(form, 'isDefault') !== '' };
  let saved: string | undefined;
  try {
    const payload = id
      ? await mutatePayload(
          () =>
            client.mutate({
              mutation: UpdateAddressDocument,
              variables: { input: { id, ...input } },
              errorPolicy: 'all',
            }),
          (result: { updateAddress?: SavePayload }) => result?.updateAddress,
        )
      : await mutatePayload(
          () => client.mutate({ mutation: CreateAddressDocument, variables: { input }, errorPolicy: 'all' }),
          (result: { createAddress?: SavePayload }) => result?.createAddress,
        );
    saved = payload.address?.id;
  } catch (error) {
    return failure(ADDRESS_FORM, values, error);
  }
  return redirectTo(addressReturn(back, saved));
}
