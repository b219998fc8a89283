import type { Resolvers } from '../__generated__/resolvers.ts';
import type { RestCart } from '../mappers.ts';
import type { HttpMethod } from '../upstream/types.ts';
import { defined, restId } from './helpers.ts';

/** One REST call answering the whole cart (every cart route answers the cart). */
const cartCall = (method: HttpMethod, path: string, body?: unknown) =>
  ({ method, path, body, auth: true }) as const;

/** The single cart: lines resolve their product through the batched productById loader. */
export const cartResolvers: Resolvers = {
  Query: {
    cart: (_root, _args, ctx) => ctx.upstream.call<RestCart>(cartCall('GET', '/shop/cart')),
  },
  Cart: {
    id: () => 'cart',
  },
  CartLine: {
    product: (line, _args, ctx) => ctx.loaders.productById.load(String(line.productId)),
  },
  Mutation: {
    addToCart: async (_root, { input }, ctx) => ({
      cart: await ctx.upstream.call<RestCart>(
        cartCall('POST', '/shop/cart/lines', {
          productId: restId(input.productId),
          quantity: input.quantity,
        }),
      ),
    }),
    updateCartLine: async (_root, { input }, ctx) => ({
      cart: await ctx.upstream.call<RestCart>(
        cartCall(
          'PUT',
          `/shop/cart/lines/${encodeURIComponent(input.lineId)}`,
          defined({ quantity: input.quantity, selected: input.selected }),
        ),
      ),
    }),
    removeCartLine: async (_root, { input }, ctx) => ({
      removedLineId: input.lineId,
      cart: await ctx.upstream.call<RestCart>(
        cartCall('DELETE', `/shop/cart/lines/${encodeURIComponent(input.lineId)}`),
      ),
    }),
    selectAllCartLines: async (_root, { input }, ctx) => ({
      cart: await ctx.upstream.call<RestCart>(
        cartCall('PUT', '/shop/cart/select-all', { selected: input.selected }),
      ),
    }),
  },
};
