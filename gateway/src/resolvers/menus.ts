import { maybeCacheControlFromInfo } from '@apollo/cache-control-types';
import type { Resolvers } from '../__generated__/resolvers.ts';

/** The caller's menus and buttons (GET /account/resource). */
export const menuResolvers: Resolvers = {
  Query: {
    // Menus change only when roles do: kept for the session alone (PRIVATE) for the configured bound.
    resources: (_root, _args, ctx, info) => {
      maybeCacheControlFromInfo(info)?.setCacheHint({ maxAge: ctx.resourcesMaxAge, scope: 'PRIVATE' });
      return ctx.loaders.resources.load('me');
    },
  },
  MenuItem: {
    children: (item) => item.children ?? [],
  },
};
