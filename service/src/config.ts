import path from 'node:path';
import { type HttpLimits, httpLimitsFrom } from '@shop/common/http-limits.ts';
import { readSettings } from '@shop/common/settings/read.ts';
import { serviceSettings } from './settings.ts';

export interface ServiceConfig {
  port: number;
  /** `postgres://…` switches to PostgreSQL; otherwise SQLite at `sqlitePath`. */
  databaseUrl?: string;
  /** PostgreSQL schema to use (tests isolate themselves in one schema each). */
  databaseSchema?: string;
  /** The database's deadlines: a statement (PostgreSQL), a pool checkout, SQLite's wait for a lock. */
  databaseTimeouts: { statementMs: number; poolMs: number; sqliteBusyMs: number };
  sqlitePath: string;
  dataDir: string;
  uploadDir: string;
  /** Origin the browser uses for the shop (gateway + web app); lpay links and redirects are built on it. */
  publicOrigin: string;
  /** Prefixes a payment's `returnUrl` may start with besides the public origin (app deep links). */
  paymentReturnUrls: string[];
  accessTokenTtlMs: number;
  refreshTokenTtlMs: number;
  /** Absolute lifetime of a refresh-token family; rotation never extends it. */
  refreshFamilyTtlMs: number;
  /** How long a rotated refresh token may still be presented by a parallel retry. */
  refreshGraceMs: number;
  /** Overrides the signing secret stored in the database (for several instances configure it here). */
  tokenSecret?: string;
  lpaySecret?: string;
  paymentTtlMs: number;
  /** Unpaid orders are cancelled this long after placement. */
  orderPaymentDeadlineMs: number;
  /** Failed logins (and wrong old passwords) per account before it is locked for the window. */
  loginMaxFailures: number;
  /** Failed logins per client address; over it wrong passwords answer 429 (correct ones still pass). */
  loginAddressMaxFailures: number;
  loginWindowMs: number;
  /** Registrations per client address per `registerWindowMs`. */
  registerMaxPerAddress: number;
  registerWindowMs: number;
  /** Password hashes (scrypt, ~128 MiB each at 2^17) run at once, and how many may wait. */
  passwordHashConcurrency: number;
  passwordHashQueue: number;
  /**
   * How long a password check may wait for its hash (PASSWORD_HASH_BUDGET): keep it under the
   * gateway's UPSTREAM_TIMEOUT so a login under a peak is answered "retry" instead of timing out.
   */
  passwordHashBudgetMs: number;
  /**
   * Express `trust proxy`: peers whose X-Forwarded-For names the client (the gateway).
   * Loopback by default; a list of addresses/subnets, a hop count, or `false` to trust no one.
   */
  trustedProxies: boolean | number | string[];
  /** Whether a socket's peer is one of those proxies (a gateway speaks for many clients). */
  isTrustedProxy: (address: string) => boolean;
  /** log2 of the scrypt cost N for new password hashes: 17 (OWASP) unless tests lower it. */
  passwordHashCost: number;
  uploadMaxBytes: number;
  /** The shop's IANA time zone when the system config names none (SHOP_TIME_ZONE). */
  shopTimeZone: string;
  bodyLimit: string;
  logLevel: string;
  /** Socket limits of the HTTP server; its clients are the gateways, so the per-address bound is wide. */
  httpLimits: HttpLimits;
}

/**
 * The service's configuration from the environment; a SettingsError naming every variable that
 * does not parse (settings.ts says what each accepts).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  const s = readSettings(serviceSettings, env);
  const dataDir = path.resolve(s.DATA_DIR);
  return {
    port: s.SERVICE_PORT ?? s.PORT ?? 4001,
    databaseUrl: s.DATABASE_URL,
    databaseSchema: s.DATABASE_SCHEMA,
    databaseTimeouts: {
      statementMs: s.DATABASE_STATEMENT_TIMEOUT,
      poolMs: s.DATABASE_POOL_TIMEOUT,
      sqliteBusyMs: s.SQLITE_BUSY_TIMEOUT,
    },
    sqlitePath: s.SQLITE_PATH ?? path.join(dataDir, 'shop.db'),
    dataDir,
    uploadDir: path.join(dataDir, 'uploads'),
    publicOrigin: s.PUBLIC_ORIGIN,
    paymentReturnUrls: s.PAYMENT_RETURN_URLS ?? [],
    accessTokenTtlMs: s.ACCESS_TOKEN_TTL,
    refreshTokenTtlMs: s.REFRESH_TOKEN_TTL,
    refreshFamilyTtlMs: s.REFRESH_FAMILY_TTL,
    refreshGraceMs: s.REFRESH_GRACE,
    tokenSecret: s.TOKEN_SECRET,
    lpaySecret: s.LPAY_SECRET,
    paymentTtlMs: s.PAYMENT_TTL,
    orderPaymentDeadlineMs: s.ORDER_PAYMENT_DEADLINE,
    loginMaxFailures: s.LOGIN_MAX_FAILURES,
    loginAddressMaxFailures: s.LOGIN_ADDRESS_MAX_FAILURES,
    loginWindowMs: s.LOGIN_WINDOW,
    registerMaxPerAddress: s.REGISTER_MAX_PER_ADDRESS,
    registerWindowMs: s.REGISTER_WINDOW,
    passwordHashConcurrency: s.PASSWORD_HASH_CONCURRENCY,
    passwordHashQueue: s.PASSWORD_HASH_QUEUE,
    passwordHashBudgetMs: s.PASSWORD_HASH_BUDGET,
    trustedProxies: s.SERVICE_TRUSTED_PROXIES.value,
    isTrustedProxy: (address) => s.SERVICE_TRUSTED_PROXIES.trusts(address, 0),
    passwordHashCost: s.PASSWORD_HASH_COST,
    uploadMaxBytes: s.UPLOAD_MAX_BYTES,
    shopTimeZone: s.SHOP_TIME_ZONE,
    bodyLimit: s.BODY_LIMIT,
    logLevel: s.LOG_LEVEL,
    httpLimits: httpLimitsFrom(s),
  };
}
