import path from 'node:path';
import { DEFAULT_SHOP_TIME_ZONE, isTimeZone } from '../../common/format.ts';

/** Parses durations such as "900", "15m", "2s", "30d" into milliseconds. */
export function parseDuration(value: string | undefined, fallbackMs: number): number {
  if (!value) return fallbackMs;
  const match = /^(\d+)(ms|s|m|h|d)?$/.exec(value.trim());
  if (!match) throw new Error(`Invalid duration: ${value}`);
  const amount = Number(match[1]);
  const unit = match[2] ?? 's';
  const factor = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[unit]!;
  return amount * factor;
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
  loginMaxFailures: number;
  loginWindowMs: number;
  /** log2 of the scrypt cost N for new password hashes: 17 (OWASP) unless tests lower it. */
  passwordHashCost: number;
  uploadMaxBytes: number;
  /** The shop's IANA time zone when the system config names none (SHOP_TIME_ZONE). */
  shopTimeZone: string;
  bodyLimit: string;
  logLevel: string;
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
    accessTokenTtlMs: parseDuration(env.ACCESS_TOKEN_TTL, 15 * 60_000),
    refreshTokenTtlMs: parseDuration(env.REFRESH_TOKEN_TTL, 7 * 86_400_000),
    refreshFamilyTtlMs: parseDuration(env.REFRESH_FAMILY_TTL, 30 * 86_400_000),
    refreshGraceMs: parseDuration(env.REFRESH_GRACE, 10_000),
    tokenSecret: env.TOKEN_SECRET || undefined,
    lpaySecret: env.LPAY_SECRET || undefined,
    paymentTtlMs: parseDuration(env.PAYMENT_TTL, 15 * 60_000),
    orderPaymentDeadlineMs: parseDuration(env.ORDER_PAYMENT_DEADLINE, 30 * 60_000),
    loginMaxFailures: Number(env.LOGIN_MAX_FAILURES ?? 10),
    loginWindowMs: parseDuration(env.LOGIN_WINDOW, 15 * 60_000),
    passwordHashCost: Number(env.PASSWORD_HASH_COST ?? 17),
    uploadMaxBytes: Number(env.UPLOAD_MAX_BYTES ?? 5 * 1024 * 1024),
    shopTimeZone: isTimeZone(env.SHOP_TIME_ZONE) ? env.SHOP_TIME_ZONE : DEFAULT_SHOP_TIME_ZONE,
    bodyLimit: env.BODY_LIMIT ?? '100kb',
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
