/**
 * The most of one product a cart line holds, and the text saying so: the service refuses a
 * larger quantity with it, and the web app's quantity box caps what is typed at it with the same
 * words, so a shopper never sends a quantity the service refuses.
 */
export const MAX_LINE_QUANTITY = 999;

export const cartQuantityTexts = {
  'cart.quantityMax': {
    'zh-CN': `单个商品最多购买 ${MAX_LINE_QUANTITY} 件`,
    'en-GB': `At most ${MAX_LINE_QUANTITY} of one product can be bought`,
  },
} as const satisfies Record<string, { 'zh-CN': string; 'en-GB': string }>;
