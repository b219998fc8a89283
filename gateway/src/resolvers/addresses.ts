import type { Resolvers } from '../__generated__/resolvers.ts';
import type { GatewayContext } from '../context.ts';
import type { AddressesPayloadModel, RestAddress } from '../mappers.ts';

const list = (ctx: GatewayContext) =>
  ctx.upstream.call<RestAddress[]>({ method: 'GET', path: '/shop/address/list', auth: true });

const path = (id: string) => `/shop/address/${encodeURIComponent(id)}`;

/** The list the REST answer held, or (after a save) re-read only when the client asked for it. */
const addressesField = {
  addresses: (payload: AddressesPayloadModel, _args: unknown, ctx: GatewayContext) =>
    payload.addresses ?? list(ctx),
};

/** Delivery addresses; payloads re-read the list only when it is selected (the default may move). */
export const addressResolvers: Resolvers = {
  Query: {
    addresses: (_root, _args, ctx) => list(ctx),
  },
  SaveAddressPayload: {
    address: (payload) => payload.address!,
    ...addressesField,
  },
  DeleteAddressPayload: {
    deletedId: (payload) => payload.deletedId!,
    ...addressesField,
  },
  SetDefaultAddressPayload: addressesField,
  Mutation: {
    createAddress: async (_root, { input }, ctx) => ({
      address: await ctx.upstream.call<RestAddress>({
        method: 'POST',
        path: '/shop/address',
        body: input,
        auth: true,
      }),
    }),
    updateAddress: async (_root, { input: { id, ...fields } }, ctx) => ({
      address: await ctx.upstream.call<RestAddress>({
        method: 'PUT',
        path: path(id),
        body: fields,
        auth: true,
      }),
    }),
    deleteAddress: async (_root, { input }, ctx) => ({
      deletedId: input.id,
      addresses: await ctx.upstream.call<RestAddress[]>({
        method: 'DELETE',
        path: path(input.id),
        auth: true,
      }),
    }),
    setDefaultAddress: async (_root, { input }, ctx) => ({
      addresses: await ctx.upstream.call<RestAddress[]>({
        method: 'PUT',
        path: `${path(input.id)}/default`,
        auth: true,
      }),
    }),
  },
};
