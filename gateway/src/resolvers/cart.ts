import type { RestCart } from '@shop/common/rest/index.ts';
import { routes } from '@shop/common/rest/routes.ts';
import type { Resolvers } from '../__generated__/resolvers.ts';
import type { GatewayContext } from '../context.ts';
import type { CartModel } from '../mappers.ts';
import { defined, requestedFields, restId } from './helpers.ts';

/** What can be answered from the cart's count alone (the header's badge asks only these). */
const COUNT_FIELDS = new Set(['__typename', 'id', 'totalQuantity']);

/** The whole cart: the model itself when it is one, else the request's one GET /shop/cart. */
const whole = (cart: CartModel, ctx: GatewayContext): Promise<RestCart> | RestCart =>
  'lines' in cart ? cart : ctx.loaders.cart.load('me');

/** A changed cart is the request's cart from then on; the viewer read before it holds the old count. */
function changed(ctx: GatewayContext, cart: RestCart): RestCart {
  ctx.loaders.cart.clearAll().prime('me', cart);
  ctx.loaders.viewer.clearAll();
  return cart;
}

/**
 * The single cart in one call (each line carries its product). An operation asking only for the count (every
 * page's badge) reads it from the shopper's detail, which the session query loads anyway: no cart call.
 */
export const cartResolvers: Resolvers = {
  Query: {
    cart: async (_root, _args, ctx, info) => {
      const countOnly = [...requestedFields(info)].every((name) => COUNT_FIELDS.has(name));
      if (!countOnly || !ctx.session.isAuthenticated) return ctx.loaders.cart.load('me');
      return { totalQuantity: (await ctx.loaders.viewer.load('me')).cartQuantity };
    },
  },
  Cart: {
    id: () => 'cart',
    lines: async (cart, _args, ctx) => (await whole(cart, ctx)).lines,
    selectedQuantity: async (cart, _args, ctx) => (await whole(cart, ctx)).selectedQuantity,
    selectedTotal: async (cart, _args, ctx) => (await whole(cart, ctx)).selectedTotal,
    allSelected: async (cart, _args, ctx) => (await whole(cart, ctx)).allSelected,
  },
  Mutation: {
    addToCart: async (_root, { input }, ctx) => ({
      cart: changed(
        ctx,
        await ctx.shop.call(routes.cart.add, {
          body: { productId: restId(input.productId), quantity: input.quantity },
        }),
      ),
    }),
    updateCartLine: async (_root, { input }, ctx) => ({
      cart: changed(
        ctx,
        await ctx.shop.call(routes.cart.updateLine, {
          params: { id: input.lineId },
          body: defined({ quantity: input.quantity, selected: input.selected }),
        }),
      ),
    }),
    removeCartLine: async (_root, { input }, ctx) => ({
      removedLineId: input.lineId,
      cart: changed(ctx, await ctx.shop.call(routes.cart.removeLine, { params: { id: input.lineId } })),
    }),
    selectAllCartLines: async (_root, { input }, ctx) => ({
      cart: changed(ctx, await ctx.shop.call(routes.cart.selectAll, { body: { selected: input.selected } })),
    }),
  },
};
