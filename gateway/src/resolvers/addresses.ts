import type { Resolvers } from '../__generated__/resolvers.ts';
import type { GatewayContext } from '../context.ts';
import type { RestAddress } from '../mappers.ts';

const list = (ctx: GatewayContext) =>
  ctx.upstream.call<RestAddress[]>({ method: 'GET', path: '/shop/address/list', auth: true });

const path = (id: string) => `/shop/address/${encodeURIComponent(id)}`;

/** Lazily re-read list, for payloads whose `addresses` the client asked for. */
const addressesField = { addresses: (_payload: unknown, _args: unknown, ctx: GatewayContext) => list(ctx) };

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
    deleteAddress: async (_root, { input }, ctx) => {
      await ctx.upstream.call<unknown>({ method: 'DELETE', path: path(input.id), auth: true });
      return { deletedId: input.id };
    },
    setDefaultAddress: async (_root, { input }, ctx) => {
      await ctx.upstream.call<unknown>({ method: 'PUT', path: `${path(input.id)}/default`, auth: true });
      return {};
    },
  },
};
