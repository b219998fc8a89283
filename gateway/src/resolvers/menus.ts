import type { Resolvers } from '../__generated__/resolvers.ts';
import type { RestResources } from '../mappers.ts';

/** The caller's menus and buttons (GET /account/resource). */
export const menuResolvers: Resolvers = {
  Query: {
    resources: (_root, _args, ctx) =>
      ctx.upstream.call<RestResources>({ method: 'GET', path: '/account/resource', auth: true }),
  },
  MenuItem: {
    children: (item) => item.children ?? [],
  },
};
