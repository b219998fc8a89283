/**
 * Texts of the back office's product form rules, in both languages (the generic rules' texts are
 * in messages.ts, which gathers these too). Pure data: no imports.
 */
export const productRuleTexts = {
  'product.invalidPrice': {
    'zh-CN': '{field} 须为 0.01 至 999999.99 元，最多两位小数',
    'en-GB': '{field} must be between 0.01 and 999999.99 yuan, with at most two decimals',
  },
  'product.originalBelowPrice': {
    'zh-CN': '{field} 不能低于售价',
    'en-GB': '{field} cannot be lower than the price',
  },
  'product.invalidStock': {
    'zh-CN': '{field} 须为 0 至 999999 的整数',
    'en-GB': '{field} must be a whole number from 0 to 999999',
  },
} as const satisfies Record<string, { 'zh-CN': string; 'en-GB': string }>;
