import type { Resolvers } from '../__generated__/resolvers.ts';
import type { GatewayContext } from '../context.ts';
import type { RestRealName, RestUser } from '../mappers.ts';
import { defined } from './helpers.ts';

const realName = (ctx: GatewayContext) =>
  ctx.upstream.call<RestRealName>({ method: 'GET', path: '/shop/user/real-name', auth: true });

/** The signed-in shopper: detail (once per request), profile, real name. */
export const viewerResolvers: Resolvers = {
  Query: {
    viewer: (_root, _args, ctx) => (ctx.session.isAuthenticated ? ctx.loaders.viewer.load('me') : null),
    realName: (_root, _args, ctx) => realName(ctx),
  },
  Viewer: {
    gender: (user) => (user.gender === 'male' || user.gender === 'female' ? user.gender : null),
    avatar: (user) => user.avatar ?? '',
    realName: (_user, _args, ctx) => realName(ctx),
  },
  Mutation: {
    updateProfile: async (_root, { input }, ctx) => {
      const viewer = await ctx.upstream.call<RestUser>({
        method: 'PUT',
        path: '/shop/shop-user',
        body: defined(input),
        auth: true,
      });
      ctx.loaders.viewer.clearAll().prime('me', viewer);
      return { viewer };
    },
    verifyRealName: async (_root, { input }, ctx) => {
      const data = await ctx.upstream.call<RestRealName>({
        method: 'POST',
        path: '/shop/user/real-name',
        body: { realName: input.realName.trim(), idNumber: input.idNumber.trim() },
        auth: true,
      });
      ctx.loaders.viewer.clearAll();
      return { realName: data, viewer: await ctx.loaders.viewer.load('me') };
    },
  },
};
