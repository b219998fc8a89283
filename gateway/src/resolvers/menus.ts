import type { Resolvers } from '../__generated__/resolvers.ts';

/** The caller's menus and buttons (GET /account/resource). */
export const menuResolvers: Resolvers = {
  Query: {
    resources: (_root, _args, ctx) => ctx.loaders.resources.load('me'),
  },
  MenuItem: {
    children: (item) => item.children ?? [],
  },
};
