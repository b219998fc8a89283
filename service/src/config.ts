import path from 'node:path';
import { parseDuration } from '@shop/common/duration.ts';
import { DEFAULT_SHOP_TIME_ZONE, isTimeZone } from '@shop/common/format.ts';
import { type HttpLimits, httpLimitsFrom } from '@shop/common/http-limits.ts';

/** `true`/`false` or Express's own `trust proxy` syntax (`loopback`, `10.0.0.0/8, 127.0.0.1`, …). */
export function trustSetting(value: string | undefined, fallback: string | boolean): string | boolean {
  const text = value?.trim();
  if (!text) return fallback;
  if (/^(true|false)$/i.test(text)) return text.toLowerCase() === 'true';
  return text;
}

export interface ServiceConfig {
  port: number;
  /** `postgres://…` switches to PostgreSQL; otherwise SQLite at `sqlitePath`. */
  databaseUrl?: string;
  /** PostgreSQL schema to use (tests isolate themselves in one schema each). */
  databaseSchema?: string;
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
   * Loopback by default; a list of addresses/subnets or `false` to trust no one.
   */
  trustedProxies: string | boolean;
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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  return {
    port: Number(env.SERVICE_PORT ?? env.PORT ?? 4001),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: env.DATABASE_SCHEMA || undefined,
    sqlitePath: env.SQLITE_PATH ?? path.join(dataDir, 'shop.db'),
    dataDir,
    uploadDir: path.join(dataDir, 'uploads'),
    publicOrigin: (env.PUBLIC_ORIGIN ?? 'http://localhost:4000').replace(/\/$/, ''),
    paymentReturnUrls: (env.PAYMENT_RETURN_URLS ?? '')
      .split(',')
      .map((prefix) => prefix.trim())
      .filter(Boolean),
    accessTokenTtlMs: parseDuration(env.ACCESS_TOKEN_TTL, 15 * 60_000),
    refreshTokenTtlMs: parseDuration(env.REFRESH_TOKEN_TTL, 7 * 86_400_000),
    refreshFamilyTtlMs: parseDuration(env.REFRESH_FAMILY_TTL, 30 * 86_400_000),
    refreshGraceMs: parseDuration(env.REFRESH_GRACE, 10_000),
    tokenSecret: env.TOKEN_SECRET || undefined,
    lpaySecret: env.LPAY_SECRET || undefined,
    paymentTtlMs: parseDuration(env.PAYMENT_TTL, 15 * 60_000),
    orderPaymentDeadlineMs: parseDuration(env.ORDER_PAYMENT_DEADLINE, 30 * 60_000),
    loginMaxFailures: Number(env.LOGIN_MAX_FAILURES ?? 10),
    loginAddressMaxFailures: Number(env.LOGIN_ADDRESS_MAX_FAILURES ?? 100),
    loginWindowMs: parseDuration(env.LOGIN_WINDOW, 15 * 60_000),
    registerMaxPerAddress: Number(env.REGISTER_MAX_PER_ADDRESS ?? 10),
    registerWindowMs: parseDuration(env.REGISTER_WINDOW, 60 * 60_000),
    passwordHashConcurrency: Math.max(1, Number(env.PASSWORD_HASH_CONCURRENCY ?? 2)),
    passwordHashQueue: Math.max(0, Number(env.PASSWORD_HASH_QUEUE ?? 64)),
    passwordHashBudgetMs: parseDuration(env.PASSWORD_HASH_BUDGET, 8_000),
    trustedProxies: trustSetting(env.SERVICE_TRUSTED_PROXIES, 'loopback'),
    passwordHashCost: Number(env.PASSWORD_HASH_COST ?? 17),
    uploadMaxBytes: Number(env.UPLOAD_MAX_BYTES ?? 5 * 1024 * 1024),
    shopTimeZone: isTimeZone(env.SHOP_TIME_ZONE) ? env.SHOP_TIME_ZONE : DEFAULT_SHOP_TIME_ZONE,
    bodyLimit: env.BODY_LIMIT ?? '100kb',
    logLevel: env.LOG_LEVEL ?? 'info',
    httpLimits: httpLimitsFrom(env, {
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 60_000,
      keepAliveTimeoutMs: 5_000,
      maxConnectionsPerAddress: 512,
    }),
  };
}
