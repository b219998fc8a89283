import type { Resolvers } from '../__generated__/resolvers.ts';
import type { RestCardList, RestNotice, RestOption, RestSettings } from '../mappers.ts';

const get = (path: string) => ({ method: 'GET', path, auth: false }) as const;

/** Public reference data: config, settings, areas, dictionaries, notices, cards, file URLs. */
export const systemResolvers: Resolvers = {
  Query: {
    config: (_root, _args, ctx) => ctx.loaders.config.load('config'),
    settings: (_root, _args, ctx) => ctx.upstream.call<RestSettings>(get('/shop/system/settings')),
    areas: (_root, _args, ctx) => ctx.upstream.call<RestOption[]>(get('/option/drop/area')),
    dictionary: (_root, { key, withAll }, ctx) =>
      ctx.upstream.call<RestOption[]>({
        ...get(`/option/dict/${encodeURIComponent(key)}`),
        query: withAll ? { withAll: 'true' } : undefined,
      }),
    notices: (_root, _args, ctx) => ctx.upstream.call<RestNotice[]>(get('/shop/notice/list')),
    cards: (_root, _args, ctx) => ctx.upstream.call<RestCardList>(get('/shop/card/list')),
    fileUrl: (_root, { fullfilename }) =>
      `/service/file/down?fullfilename=${encodeURIComponent(fullfilename)}`,
  },
  Area: {
    children: (area) => area.children ?? [],
  },
};
