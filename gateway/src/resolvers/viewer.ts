import { routes } from '@shop/common/rest/routes.ts';
import type { Resolvers } from '../__generated__/resolvers.ts';
import { defined } from './helpers.ts';

/** The signed-in shopper: detail (once per request), profile, real name. */
export const viewerResolvers: Resolvers = {
  Query: {
    viewer: (_root, _args, ctx) => (ctx.session.isAuthenticated ? ctx.loaders.viewer.load('me') : null),
    realName: (_root, _args, ctx) => ctx.shop.call(routes.accounts.realName),
  },
  Viewer: {
    gender: (user) => (user.gender === 'male' || user.gender === 'female' ? user.gender : null),
    avatar: (user) => user.avatar ?? '',
    realName: (_user, _args, ctx) => ctx.shop.call(routes.accounts.realName),
  },
  Mutation: {
    updateProfile: async (_root, { input }, ctx) => {
      const viewer = await ctx.shop.call(routes.accounts.updateProfile, { body: defined(input) });
      ctx.loaders.viewer.clearAll().prime('me', viewer);
      return { viewer };
    },
    verifyRealName: async (_root, { input }, ctx) => {
      // The service applies the shared form rules (common/validation), trimming included.
      const data = await ctx.shop.call(routes.accounts.verifyRealName, {
        body: { realName: input.realName, idNumber: input.idNumber },
      });
      ctx.loaders.viewer.clearAll();
      return { realName: data, viewer: await ctx.loaders.viewer.load('me') };
    },
  },
};
