import type { Resolvers } from '../__generated__/resolvers.ts';

/** 123450 → "1234.50"; -5 → "-0.05". Exact on integers (no floating point). */
export function formatFen(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** `Money` is resolved from integer fen; the currency comes from the shop config (once per request). */
export const moneyResolvers: Resolvers = {
  Money: {
    fen: (fen) => fen,
    amount: (fen) => formatFen(fen),
    currency: async (_fen, _args, ctx) => (await ctx.loaders.config.load('config')).currency || 'CNY',
  },
};
