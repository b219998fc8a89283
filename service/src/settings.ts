/**
 * Every environment variable the service reads, as one schema: config.ts builds ServiceConfig from
 * what it parses, telemetry/register.ts reads its part before anything else loads, and the
 * service table of docs/configuration.md is generated from it (scripts/config-tables.ts).
 */
import { DEFAULT_SHOP_TIME_ZONE } from '@shop/common/format.ts';
import { duration } from '@shop/common/settings/duration.ts';
import { httpLimitSettings } from '@shop/common/settings/http-limits.ts';
import { port, wholeNumber } from '@shop/common/settings/numbers.ts';
import { type Kind, optionalSetting, setting } from '@shop/common/settings/setting.ts';
import { size, sizeText } from '@shop/common/settings/size.ts';
import { telemetrySettings } from '@shop/common/settings/telemetry.ts';
import { listOf, logLevel, secret, text } from '@shop/common/settings/text.ts';
import { timeZone } from '@shop/common/settings/time-zone.ts';
import { trustProxy } from '@shop/common/settings/trust-proxy.ts';
import { httpUrl, postgresUrl, urlPrefix } from '@shop/common/settings/url.ts';
import { z } from 'zod';

/** A PostgreSQL schema name: it is written into statements, so a plain identifier only. */
const schemaName: Kind<string> = {
  accepted: 'a schema name of letters, digits and _ (not starting with a digit)',
  parse: (value) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(value) ? value : null),
};

/** A deadline: a duration above zero (zero would switch PostgreSQL's statement timeout off). */
const deadline: Kind<number> = {
  accepted: 'a duration above zero such as 500ms, 5s (a bare number is seconds)',
  parse: (value) => {
    const ms = duration().parse(value);
    return ms !== null && ms > 0 ? ms : null;
  },
};

export const serviceSettings = z.object({
  SERVICE_PORT: optionalSetting(port, '`PORT`, else `4001`', 'service port'),
  PORT: optionalSetting(port, 'unset', 'the port when `SERVICE_PORT` is unset'),
  DATABASE_URL: optionalSetting(
    postgresUrl,
    'unset (SQLite)',
    '`postgres://…` runs the service on PostgreSQL (same code, same tests)',
  ),
  DATABASE_SCHEMA: optionalSetting(
    schemaName,
    'unset (`public`)',
    'the PostgreSQL schema the service uses (tests isolate themselves in one each)',
  ),
  DATABASE_STATEMENT_TIMEOUT: setting(
    deadline,
    '5s',
    "PostgreSQL: the longest one statement may run or wait for a lock before it is cancelled and the request answers 503; keep it well under the gateway's `UPSTREAM_TIMEOUT`",
  ),
  DATABASE_POOL_TIMEOUT: setting(
    deadline,
    '3s',
    'PostgreSQL: the longest a request waits for a pooled connection (or a new one) before it answers 503',
  ),
  SQLITE_BUSY_TIMEOUT: setting(
    deadline,
    '5s',
    'SQLite: the longest a statement waits for another connection’s write lock before it answers 503',
  ),
  DATA_DIR: setting(text, 'data', "SQLite file, uploads, the gateway's generated session key"),
  SQLITE_PATH: optionalSetting(text, '`DATA_DIR/shop.db`', 'the SQLite file'),
  PUBLIC_ORIGIN: setting(
    httpUrl,
    'http://localhost:4000',
    "the browser-facing origin: a payment's `returnUrl` on it is allowed (the lpay page's own links and redirects are paths, so they stay on the origin the shopper used)",
  ),
  PAYMENT_RETURN_URLS: optionalSetting(
    listOf(urlPrefix),
    'none',
    "prefixes a payment's `returnUrl` may start with besides `PUBLIC_ORIGIN` (comma-separated, e.g. `shopapp://`)",
  ),
  ACCESS_TOKEN_TTL: setting(duration(), '15m', 'access-token lifetime'),
  REFRESH_TOKEN_TTL: setting(duration(), '7d', 'refresh-token lifetime'),
  REFRESH_FAMILY_TTL: setting(
    duration(),
    '30d',
    "a refresh-token family's absolute lifetime; rotation never extends it",
  ),
  REFRESH_GRACE: setting(
    duration(),
    '10s',
    'how long a rotated refresh token may still be presented by a parallel retry',
  ),
  TOKEN_SECRET: optionalSetting(
    secret,
    'generated once, kept in the database',
    'token signing secret; set it to run several instances',
  ),
  LPAY_SECRET: optionalSetting(
    secret,
    'generated once, kept in the database',
    'lpay signing secret; set it to run several instances',
  ),
  PAYMENT_TTL: setting(duration(), '15m', 'payment-link lifetime'),
  ORDER_PAYMENT_DEADLINE: setting(duration(), '30m', 'unpaid orders are cancelled this long after placement'),
  LOGIN_MAX_FAILURES: setting(
    wholeNumber(1),
    '10',
    'failed logins and wrong old passwords per account before it is locked for `LOGIN_WINDOW`',
  ),
  LOGIN_ADDRESS_MAX_FAILURES: setting(
    wholeNumber(1),
    '100',
    'failed logins per client address in `LOGIN_WINDOW` before its wrong passwords answer 429 (see Security)',
  ),
  LOGIN_WINDOW: setting(duration(), '15m', 'the window of both login bounds'),
  REGISTER_MAX_PER_ADDRESS: setting(
    wholeNumber(1),
    '10',
    'registrations per client address in `REGISTER_WINDOW`',
  ),
  REGISTER_WINDOW: setting(duration(), '1h', 'the window of the registration bound'),
  SERVICE_TRUSTED_PROXIES: setting(
    trustProxy,
    'loopback',
    'peers whose `X-Forwarded-For` names the client (Express `trust proxy`: `loopback`, `10.0.0.5, 10.1.0.0/16`, a hop count, `true`, `false`)',
  ),
  PASSWORD_HASH_COST: setting(wholeNumber(10, 20), '17', 'scrypt cost as log2 N (OWASP: 2^17, r=8, p=1)'),
  PASSWORD_HASH_CONCURRENCY: setting(wholeNumber(1), '2', 'password hashes run at once (≈128 MiB each)'),
  PASSWORD_HASH_QUEUE: setting(wholeNumber(0), '64', 'password hashes that may wait'),
  PASSWORD_HASH_BUDGET: setting(
    duration(),
    '8s',
    "the longest a password check may wait for its hash; keep it well under the gateway's `UPSTREAM_TIMEOUT` (see Resilience)",
  ),
  UPLOAD_MAX_BYTES: setting(size, '5mb', 'the largest upload'),
  BODY_LIMIT: setting(sizeText, '100kb', 'the largest JSON or form body'),
  SHOP_TIME_ZONE: setting(
    timeZone,
    DEFAULT_SHOP_TIME_ZONE,
    "the shop's time zone (IANA) when `system_config` `config.timeZone` names none; every screen, the lpay page and order times are shown in it (`common/format.ts`)",
  ),
  LOG_LEVEL: setting(logLevel, 'info', 'the log level'),
  ...httpLimitSettings({
    headersTimeout: '10s',
    requestTimeout: '60s',
    keepAliveTimeout: '5s',
    maxConnectionsPerAddress: 512,
    perAddressWhy:
      "the service's peers are the gateways, trusted (`SERVICE_TRUSTED_PROXIES`) and each bounded by its own `UPSTREAM_CONNECTIONS`",
  }),
  ...telemetrySettings('SERVICE_METRICS_PORT', 9465, 'shop-service'),
});

export type ServiceSettings = z.output<typeof serviceSettings>;
