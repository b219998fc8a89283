/**
 * The generic number rule: the cart's quantity box in the web app and every quantity the service
 * reads. Its own module, so the storefront's first load carries this text and not the forms'
 * (a bundler keeps the whole of a module whose rule table is built at load time).
 */
export const quantityTexts = {
  'validation.enterQuantity': { 'zh-CN': '请输入数量', 'en-GB': 'Please enter a quantity' },
} as const satisfies Record<string, { 'zh-CN': string; 'en-GB': string }>;
