import type { Resolvers } from '../__generated__/resolvers.ts';
import { defined, restId } from './helpers.ts';

/** The single cart: the service's answer carries each line's product, so a cart costs one call. */
export const cartResolvers: Resolvers = {
  Query: {
    cart: (_root, _args, ctx) => ctx.shop.cart.get(),
  },
  Cart: {
    id: () => 'cart',
  },
  Mutation: {
    addToCart: async (_root, { input }, ctx) => ({
      cart: await ctx.shop.cart.add(restId(input.productId), input.quantity),
    }),
    updateCartLine: async (_root, { input }, ctx) => ({
      cart: await ctx.shop.cart.update(
        input.lineId,
        defined({ quantity: input.quantity, selected: input.selected }),
      ),
    }),
    removeCartLine: async (_root, { input }, ctx) => ({
      removedLineId: input.lineId,
      cart: await ctx.shop.cart.remove(input.lineId),
    }),
    selectAllCartLines: async (_root, { input }, ctx) => ({
      cart: await ctx.shop.cart.selectAll(input.selected),
    }),
  },
};
