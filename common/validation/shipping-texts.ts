/**
 * Texts of the back office's ship form rules, in both languages (the generic rules' texts are in
 * messages.ts, which gathers these too). Pure data: no imports.
 */
export const shippingRuleTexts = {
  'shipping.invalidWaybill': {
    'zh-CN': '{field} 须为 6-32 位字母或数字',
    'en-GB': '{field} must be 6-32 letters or digits',
  },
} as const satisfies Record<string, { 'zh-CN': string; 'en-GB': string }>;
