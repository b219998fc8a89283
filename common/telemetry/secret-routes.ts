/**
 * Addresses that carry a secret in their path: a payment link's token is a bearer secret (whoever
 * holds the link may pay or cancel for 15 minutes). Telemetry of both processes (span names and
 * attributes, metric labels, log lines) tells such an address by its route template, never as sent.
 */

import { routes } from '../rest/routes.ts';

/**
 * Route templates whose `:parameters` are secrets, matched wherever they stand in a text (behind
 * `/service`, an origin, a method) and with the routes below them (`…/:token/confirm`).
 */
export const SECRET_ROUTES = [routes.payments.checkout.path] as const;

interface SecretRoute {
  /** The template's text before its first parameter: a cheap test before the expression. */
  prefix: string;
  pattern: RegExp;
  template: string;
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(template: string): SecretRoute {
  // A parameter is one path segment, up to whatever ends a segment in a URL, a log line or JSON.
  const source = template
    .split(/(:\w+)/)
    .map((part) => (part.startsWith(':') ? '[^/?#\\s"]+' : literal(part)))
    .join('');
  return {
    prefix: template.slice(0, template.indexOf(':')),
    pattern: new RegExp(`${source}(?=[/?#\\s"]|$)`, 'g'),
    template,
  };
}

const ROUTES = SECRET_ROUTES.map(compile);

/**
 * `text` (a path, a URL, a span name) with every address of a secret route written as its
 * template: `GET /service/pay/lpay/checkout/abc/confirm?x=1` → `GET /service/pay/lpay/checkout/:token/confirm?x=1`.
 */
export function redactSecretPaths(text: string): string {
  let result = text;
  for (const route of ROUTES) {
    if (result.includes(route.prefix)) result = result.replace(route.pattern, route.template);
  }
  return result;
}
