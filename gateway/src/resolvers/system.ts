import type { Resolvers } from '../__generated__/resolvers.ts';
import { imageOf } from './images.ts';

/** Public reference data: config, settings, areas, dictionaries, notices, cards, file URLs. */
export const systemResolvers: Resolvers = {
  Query: {
    config: (_root, _args, ctx) => ctx.loaders.config.load('config'),
    settings: (_root, _args, ctx) => ctx.shop.reference.settings(),
    areas: (_root, _args, ctx) => ctx.shop.reference.areas(),
    dictionary: (_root, { key, withAll }, ctx) => ctx.shop.reference.dictionary(key, withAll === true),
    notices: (_root, _args, ctx) => ctx.shop.reference.notices(),
    cards: (_root, _args, ctx) => ctx.shop.reference.cards(),
    fileUrl: (_root, { fullfilename }) =>
      `/service/file/down?fullfilename=${encodeURIComponent(fullfilename)}`,
  },
  Area: {
    children: (area) => area.children ?? [],
  },
  Card: {
    featuredImage: (card, _args, ctx) => imageOf(ctx, card.image, card.title, card.kind),
  },
};
