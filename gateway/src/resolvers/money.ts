import { formatYuanPlain } from '@shop/common/format.ts';
import type { Resolvers } from '../__generated__/resolvers.ts';

/** `Money` resolves from integer fen; its currency is shared between requests (loaders.ts SharedFacts). */
export const moneyResolvers: Resolvers = {
  Money: {
    fen: (fen) => fen,
    amount: (fen) => formatYuanPlain(fen),
    currency: async (_fen, _args, ctx) => ctx.loaders.currency.load('currency'),
  },
};
