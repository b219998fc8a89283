import type { Resolvers } from '../__generated__/resolvers.ts';
import { defined, restId } from './helpers.ts';

/** The single cart: lines resolve their product through the batched productById loader. */
export const cartResolvers: Resolvers = {
  Query: {
    cart: (_root, _args, ctx) => ctx.shop.cart.get(),
  },
  Cart: {
    id: () => 'cart',
  },
  CartLine: {
    product: (line, _args, ctx) => ctx.loaders.productById.load(String(line.productId)),
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
