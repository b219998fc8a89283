import { formatYuanPlain } from '../../../common/format.ts';
import type { Resolvers } from '../__generated__/resolvers.ts';

/** `Money` is resolved from integer fen; the currency comes from the shop config (once per request). */
export const moneyResolvers: Resolvers = {
  Money: {
    fen: (fen) => fen,
    amount: (fen) => formatYuanPlain(fen),
    currency: async (_fen, _args, ctx) => (await ctx.loaders.config.load('config')).currency,
  },
};
