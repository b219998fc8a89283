/**
 * The gateway's environment as one schema: config.ts builds GatewayConfig from it, telemetry/register.ts
 * reads its part first, scripts/config-tables.ts writes the gateway table of docs/configuration.md.
 */
import { duration, durationSeconds } from '@shop/common/settings/duration.ts';
import { flag } from '@shop/common/settings/flag.ts';
import { httpLimitSettings } from '@shop/common/settings/http-limits.ts';
import { browserPort, wholeNumber } from '@shop/common/settings/numbers.ts';
import { optionalSetting, setting } from '@shop/common/settings/setting.ts';
import { size, sizeText } from '@shop/common/settings/size.ts';
import { telemetrySettings } from '@shop/common/settings/telemetry.ts';
import { listOf, logLevel, secret, text } from '@shop/common/settings/text.ts';
import { trustProxy } from '@shop/common/settings/trust-proxy.ts';
import { httpUrl } from '@shop/common/settings/url.ts';
import { storeSettingsSchema } from '@shop/store/settings.ts';
import { pageSettingsSchema } from '@shop/web-server/settings.ts';
import { z } from 'zod';

const count = wholeNumber(1);

export const gatewaySettings = z.object({
  NODE_ENV: optionalSetting(
    text,
    'unset',
    '`production` turns the playground and introspection off and the safelist on; `development` shows error details',
  ),
  // browsers will not open the shop on one of their bad ports (6000, 10080 …)
  GATEWAY_PORT: optionalSetting(browserPort, '`PORT`, else `4000`', 'gateway port'),
  PORT: optionalSetting(browserPort, 'unset', 'the port when `GATEWAY_PORT` is unset'),
  SHOP_SERVICE_URL: setting(httpUrl, 'http://localhost:4001', 'the REST service'),
  DATA_DIR: setting(text, 'data', 'where the generated session key is kept (`gateway-session.key`)'),
  SESSION_SECRET: optionalSetting(
    secret,
    'generated into `DATA_DIR/gateway-session.key`',
    'key sealing sessions (JWE); set it for several instances',
  ),
  SESSION_TTL: optionalSetting(duration(), '`REFRESH_FAMILY_TTL`, else `30d`', 'sealed-session lifetime'),
  REFRESH_FAMILY_TTL: optionalSetting(
    duration(),
    'unset',
    "the service's refresh-family lifetime; the session's when `SESSION_TTL` is unset",
  ),
  UPSTREAM_TIMEOUT: setting(
    duration(),
    '20s',
    'REST call deadline, time waiting for a pool connection included',
  ),
  UPSTREAM_FILE_TIMEOUT: setting(duration(), '50s', 'the same for file uploads'),
  UPSTREAM_CONNECTIONS: setting(count, '32', 'keep-alive connections to the service'),
  REFRESH_SHARE: setting(
    duration(),
    '10s',
    "how long a token refresh's result is shared with late requests of the same session (about the service's `REFRESH_GRACE`)",
  ),
  GATEWAY_TRUST_PROXY: setting(
    trustProxy,
    'false',
    "which peers' `X-Forwarded-For` / `-Proto` the gateway believes (Express `trust proxy`: `false`, `true`, a hop count such as `1`, `loopback`, addresses and subnets such as `10.0.0.5, 10.1.0.0/16`); set it when a load balancer sits in front",
  ),
  UPLOAD_MAX_BYTES: setting(
    size,
    '5mb',
    'larger upload bodies are refused with 413 before reaching the service (the service reads the same variable)',
  ),
  GATEWAY_INTROSPECTION: optionalSetting(flag, 'on unless `NODE_ENV=production`', 'schema introspection'),
  GATEWAY_PLAYGROUND: optionalSetting(flag, 'on unless `NODE_ENV=production`', 'the playground'),
  GATEWAY_DEBUG_ERRORS: optionalSetting(
    flag,
    'on only when `NODE_ENV=development` (`npm run dev`)',
    'stack traces and raw messages of unexpected errors in answers',
  ),
  GRAPHQL_MAX_DEPTH: setting(count, '10', 'query depth, checked before any resolver runs'),
  GRAPHQL_MAX_ALIASES: setting(count, '15', 'aliases in one query'),
  GRAPHQL_MAX_COST: setting(
    count,
    '5000',
    'query cost: what is selected under `page: {pageSize}` is paid per record',
  ),
  GRAPHQL_MAX_TOKENS: setting(count, '2000', 'tokens in one document'),
  GRAPHQL_MAX_DIRECTIVES: setting(count, '20', 'directives in one query'),
  PUBLIC_ORIGIN: setting(
    httpUrl,
    'http://localhost:4000',
    "the browser-facing origin (as the service's): absolute `Image.url`s are built on it; an `https://` origin makes the session cookie `Secure` whatever the last hop, and cookie-authenticated uploads from it pass the CSRF rule",
  ),
  GATEWAY_SAFELIST: optionalSetting(
    flag,
    'on only when `NODE_ENV=production`',
    'run only operations of the manifests (else 400 `OPERATION_NOT_SAFELISTED`)',
  ),
  WEB_OPERATION_MANIFEST: optionalSetting(
    text,
    '`web/src/__generated__/operations.json`',
    "the web app's operation manifest, always read",
  ),
  GATEWAY_OPERATION_MANIFESTS: optionalSetting(
    listOf(text),
    'none',
    "extra operation manifests (comma-separated paths, e.g. a mobile build's)",
  ),
  GATEWAY_BODY_LIMIT: setting(sizeText, '100kb', 'the largest GraphQL or form body, 413 above it'),
  GATEWAY_PUBLIC_MAX_AGE: setting(durationSeconds, '30s', 'how long a public page may be kept'),
  GATEWAY_RESPONSE_CACHE_ENTRIES: setting(
    count,
    '1000',
    "entries of the response cache (GraphQL answers the SDL's `@cacheControl` hints allow)",
  ),
  GATEWAY_RESPONSE_CACHE_BYTES: setting(size, '32mb', "bytes of the response cache in this process's memory"),
  GATEWAY_DOCUMENT_STORE_ENTRIES: setting(
    count,
    '1000',
    "entries of Apollo's document store (parsed, validated documents)",
  ),
  GATEWAY_DOCUMENT_STORE_BYTES: setting(size, '30mb', "bytes of Apollo's document store"),
  GATEWAY_RESOURCES_MAX_AGE: setting(
    durationSeconds,
    '30s',
    "how long a session's menus and buttons are kept in the response cache, private to that session (a change of roles shows within it; `0`: never kept)",
  ),
  GATEWAY_STOCK_MAX_AGE: setting(
    durationSeconds,
    '5s',
    'the longest any answer or page showing `stock` is kept, stale-while-revalidate included (by the gateway or anyone else)',
  ),
  GATEWAY_EDGE_MAX_AGE: setting(
    durationSeconds,
    '1s',
    'the longest nginx in front (deploy/nginx.conf) keeps a public GraphQL GET answer or anonymous page, within what is left of its lifetime, marked by `X-Accel-Expires`; nginx counts whole seconds, so up to a second more (`0`: nothing is kept there)',
  ),
  // The shared stores' (store/src/settings.ts).
  ...storeSettingsSchema,
  GATEWAY_EXPOSE_UPSTREAM_CALLS: setting(
    flag,
    'false',
    'adds `extensions.upstreamCalls` to every answer (tests, diagnostics)',
  ),
  PLAYGROUND_DIST: optionalSetting(text, '`playground/dist`', 'the built playground'),
  // The page server's (web-server/src/settings.ts).
  ...pageSettingsSchema,
  READY_TIMEOUT: setting(duration(), '2s', '`/readyz` waits this long for the service and Redis'),
  LOG_LEVEL: setting(logLevel, 'info', 'the log level'),
  ...httpLimitSettings({
    headersTimeout: '10s',
    requestTimeout: '60s',
    keepAliveTimeout: '65s',
    maxConnectionsPerAddress: 128,
    keepAliveWhy: "longer than a load balancer's usual 60 s, so it never reuses a socket the gateway closed",
  }),
  ...telemetrySettings('GATEWAY_METRICS_PORT', 9464, 'shop-gateway'),
});
