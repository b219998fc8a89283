import type { AppContext } from '../../context.ts';

/**
 * Where the lpay page sends the shopper back after Pay or Cancel, when the client asked for it
 * (`returnUrl`, e.g. a native app's deep link `shopapp://pay-result`). Allowed: an http(s) address
 * on the shop's own origin, or one starting with an entry of `PAYMENT_RETURN_URLS` (comma-separated
 * prefixes: `shopapp://`, `https://m.example.com/`). Script-like schemes never pass. The page
 * checks the address again when it redirects, so a link edited by hand cannot point elsewhere.
 */
const FORBIDDEN_SCHEMES = new Set(['javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'about:']);

export function allowedReturnUrl(ctx: AppContext, value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 500) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (FORBIDDEN_SCHEMES.has(url.protocol) || /[\s<>"']/.test(value)) return null;
  const own = ctx.config.publicOrigin;
  if ((url.protocol === 'http:' || url.protocol === 'https:') && url.origin === new URL(own).origin)
    return value;
  return ctx.config.paymentReturnUrls.some((prefix) => value.startsWith(prefix)) ? value : null;
}

/** The return address with the order id added (`?orderId=` or `&orderId=`). */
export function withOrderId(returnUrl: string, orderId: number): string {
  return `${returnUrl}${returnUrl.includes('?') ? '&' : '?'}orderId=${orderId}`;
}
