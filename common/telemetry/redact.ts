/**
 * Query strings carry what people typed (search words, ids, GraphQL variables turned into REST
 * parameters): spans keep the parameter names and drop every value.
 */
import type { Span } from '@opentelemetry/api';

/** `keyword=shoes&page=2` → `keyword=REDACTED&page=REDACTED` (a leading `?` is kept). */
export function redactQuery(query: string): string {
  const bare = query.startsWith('?') ? query.slice(1) : query;
  const names = bare
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=REDACTED`);
  return (query.startsWith('?') ? '?' : '') + names.join('&');
}

/** Rewrites a span's url.full and url.query (set by an HTTP instrumentation) without values. */
export function redactUrlAttributes(span: Span, origin: string, pathAndQuery: string | undefined): void {
  const text = pathAndQuery ?? '';
  const at = text.indexOf('?');
  if (at < 0) return;
  const query = redactQuery(text.slice(at));
  span.setAttribute('url.query', query.slice(1));
  if (origin) span.setAttribute('url.full', `${origin}${text.slice(0, at)}${query}`);
}
