/**
 * `http.server.request.duration` (stable HTTP semantic conventions) for an Express app, recorded
 * by the app itself: the first middleware notes the start, and when the answer is finished the
 * matched route is known. This is the one source of that metric, with traces or without: the
 * HTTP instrumentation's own copy is dropped by a view (sdk.ts), so that a process without
 * tracing needs neither the HTTP nor the Express instrumentation, whose span machinery cost the
 * service most of its telemetry CPU per request (docs/performance.md).
 * Without a meter provider (no telemetry) the API's no-op histogram records nothing.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Attributes, type MeterProvider, metrics } from '@opentelemetry/api';

/** The semantic conventions' advised buckets for HTTP durations, in seconds. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];
const KNOWN_METHODS = new Set([
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'DELETE',
  'CONNECT',
  'OPTIONS',
  'TRACE',
  'PATCH',
]);

/** What Express leaves on a request once a route answered it. */
interface RoutedRequest extends IncomingMessage {
  baseUrl?: string;
  route?: { path?: unknown };
}

/**
 * The route template that answered (`/service/shop/product/:id`), never the address itself, so
 * the series stay bounded: the routers' mount paths and the route's own path. Middleware mounted
 * on a path (`/graphql`) is its path; an answer no route gave (a file, a 404) has no route.
 */
function routeOf(req: RoutedRequest): string | undefined {
  const path = req.route?.path;
  const base = req.baseUrl ?? '';
  if (typeof path === 'string') return `${base}${path}` || '/';
  return base || undefined;
}

/** The middleware, first in the app; `meterProvider` is the global one unless a test gives its own. */
export function httpServerMetrics(
  meterName: string,
  meterProvider: MeterProvider = metrics.getMeterProvider(),
) {
  const duration = meterProvider.getMeter(meterName).createHistogram('http.server.request.duration', {
    unit: 's',
    description: 'Duration of HTTP server requests.',
    advice: { explicitBucketBoundaries: BUCKETS },
  });
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const started = performance.now();
    // Read while the request is whole: by the time the answer closes, its socket may be gone.
    const attributes: Attributes = {
      'http.request.method': KNOWN_METHODS.has(req.method ?? '') ? req.method : '_OTHER',
      'url.scheme': (req.socket as { encrypted?: boolean } | null)?.encrypted ? 'https' : 'http',
      'network.protocol.version': req.httpVersion,
    };
    res.once('close', () => {
      const status = res.statusCode;
      attributes['http.response.status_code'] = status;
      const route = routeOf(req as RoutedRequest);
      if (route) attributes['http.route'] = route;
      if (status >= 500) attributes['error.type'] = String(status);
      duration.record((performance.now() - started) / 1000, attributes);
    });
    next();
  };
}
