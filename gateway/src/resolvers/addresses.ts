import { routes } from '@shop/common/rest/routes.ts';
import type { Resolvers } from '../__generated__/resolvers.ts';
import type { GatewayContext } from '../context.ts';
import type { AddressesPayloadModel } from '../mappers.ts';
import { payloadOf } from './helpers.ts';

/** The list the REST answer held, or (after a save) re-read only when the client asked for it. */
const addressesField = {
  addresses: (payload: AddressesPayloadModel, _args: unknown, ctx: GatewayContext) =>
    payload.addresses ?? ctx.shop.call(routes.addresses.list),
};

/** Delivery addresses; payloads re-read the list only when it is selected (the default may move). */
export const addressResolvers: Resolvers = {
  Query: {
    addresses: (_root, _args, ctx) => ctx.shop.call(routes.addresses.list),
  },
  SaveAddressPayload: addressesField,
  DeleteAddressPayload: addressesField,
  SetDefaultAddressPayload: addressesField,
  Mutation: {
    createAddress: payloadOf('address', routes.addresses.create, (input) => ({ body: input })),
    updateAddress: payloadOf('address', routes.addresses.update, ({ id, ...fields }) => ({
      params: { id },
      body: fields,
    })),
    deleteAddress: async (_root, { input }, ctx) => ({
      deletedId: input.id,
      addresses: await ctx.shop.call(routes.addresses.remove, { params: { id: input.id } }),
    }),
    setDefaultAddress: payloadOf('addresses', routes.addresses.setDefault, (input) => ({
      params: { id: input.id },
    })),
  },
};
