import { routes } from '@shop/common/rest/routes.ts';
import type { Resolvers } from '../__generated__/resolvers.ts';
import { imageOf } from './images.ts';

/** Public reference data: config, settings, areas, dictionaries, notices, cards, file URLs. */
export const systemResolvers: Resolvers = {
  Query: {
    config: (_root, _args, ctx) => ctx.loaders.config.load('config'),
    settings: (_root, _args, ctx) => ctx.shop.call(routes.reference.settings),
    areas: (_root, _args, ctx) => ctx.shop.call(routes.reference.areas),
    dictionary: (_root, { key, withAll }, ctx) =>
      ctx.shop.call(routes.reference.dictionary, {
        params: { key },
        query: { withAll: withAll === true ? 'true' : undefined },
      }),
    notices: (_root, _args, ctx) => ctx.shop.call(routes.reference.notices),
    cards: (_root, _args, ctx) => ctx.shop.call(routes.reference.cards),
    fileUrl: (_root, { fullfilename }) =>
      `/service${routes.files.download.path}?fullfilename=${encodeURIComponent(fullfilename)}`,
  },
  Area: {
    children: (area) => area.children ?? [],
  },
  Card: {
    featuredImage: (card, _args, ctx) => imageOf(ctx, card.image, card.title, card.kind),
  },
};
