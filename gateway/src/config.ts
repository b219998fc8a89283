import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type HttpLimits, httpLimitsFrom } from '@shop/common/http-limits.ts';
import { readSettings } from '@shop/common/settings/read.ts';
import { type PageSettings, pageSettingsFrom } from '@shop/web-server/settings.ts';
import { gatewaySettings } from './settings.ts';

export interface CacheBounds {
  entries: number;
  bytes: number;
}

export interface GatewayConfig {
  port: number;
  /** Origin (and optional base path) of the shop service; REST paths live under `<url>/service`. */
  serviceUrl: string;
  production: boolean;
  /** Stack traces and raw messages of unexpected errors in answers: only for local development. */
  debugErrors: boolean;
  introspection: boolean;
  playground: boolean;
  /** 32-byte key for sealing sessions (JWE dir + A256GCM). */
  sessionKey: Uint8Array;
  /** Lifetime of the sealed session and its cookie (the refresh-token family's absolute lifetime). */
  sessionTtlMs: number;
  /** Default upstream timeout (20 s, docs/product.md "Constants") and the one for file calls (50 s). */
  upstreamTimeoutMs: number;
  fileTimeoutMs: number;
  /** Keep-alive connections to the service. */
  upstreamConnections: number;
  /** How long a refresh result is shared with late requests of the same session (≈ service grace). */
  refreshShareMs: number;
  /** The largest request body (express.json's syntax, e.g. '100kb', '1.5mb'), on every route that reads one. */
  bodyLimit: string;
  /**
   * Express `trust proxy` (GATEWAY_TRUST_PROXY): which peers' X-Forwarded-For / -Proto the gateway
   * believes. Default: none, so `req.ip` is the socket address and clients cannot spoof it. The
   * gateway forwards `req.ip` to the service, whose login and registration throttles key on it.
   * A hop count is a number and a list an array, as Express reads them.
   */
  trustProxy: boolean | number | string[];
  /**
   * Whether a socket's peer is a proxy GATEWAY_TRUST_PROXY names (Express's own test for the
   * nearest hop): such a peer speaks for many clients, so per-address bounds leave it out.
   */
  isTrustedProxy: (address: string) => boolean;
  /** Largest avatar file the service accepts (UPLOAD_MAX_BYTES, shared with the service). */
  uploadMaxBytes: number;
  limits: { maxDepth: number; maxAliases: number; maxCost: number; maxTokens: number; maxDirectives: number };
  /** max-age (seconds) of public pages and the sitemap (GraphQL answers follow the SDL's hints). */
  publicMaxAge: number;
  /** Upper bound (seconds) for cached answers and pages that show stock, stale-while-revalidate included. */
  stockMaxAge: number;
  /**
   * Seconds the edge (nginx, deploy/nginx.conf) may keep a public answer or page at most, within
   * what is left of its lifetime (GATEWAY_EDGE_MAX_AGE; 0: nothing is marked for it).
   */
  edgeMaxAge: number;
  /**
   * How long (seconds) a session's menus and buttons are kept in the response cache, private to
   * that session (GATEWAY_RESOURCES_MAX_AGE): a change of roles reaches a signed-in shopper
   * within it; 0 asks the service every time.
   */
  resourcesMaxAge: number;
  /** Apollo's response cache: at most this many answers and bytes (GATEWAY_RESPONSE_CACHE_ENTRIES, _BYTES). */
  responseCache: CacheBounds;
  /** Apollo's document store of parsed, validated documents (GATEWAY_DOCUMENT_STORE_ENTRIES, _BYTES). */
  documentStore: CacheBounds;
  /**
   * REDIS_URL: the response cache and the page cache live in this Redis, shared by every instance
   * that names it (cache/store.ts); unset, each instance keeps its own in memory.
   */
  redisUrl: string | undefined;
  /** REDIS_TIMEOUT: the deadline of one Redis command (cache/redis.ts). */
  redisTimeoutMs: number;
  /** Adds `extensions.upstreamCalls` to every response (tests, development diagnostics). */
  exposeUpstreamCalls: boolean;
  /** The page server's: the web build, server rendering and the page cache. */
  pages: PageSettings;
  playgroundDist: string;
  readyTimeoutMs: number;
  logLevel: string;
  /** Accept only the operations of the manifests (graphql/safelist.ts); on by default in production. */
  safelist: boolean;
  /** The browser-facing origin (same as the service's PUBLIC_ORIGIN): absolute image URLs are built on it. */
  publicOrigin: string;
  /**
   * The session cookie is always `Secure` when the public origin is https: TLS usually ends at a
   * proxy in front, and the cookie must not depend on the gateway seeing X-Forwarded-Proto.
   */
  secureCookies: boolean;
  /** Socket limits of the public HTTP server (slow clients, idle keep-alive, connections per address). */
  httpLimits: HttpLimits;
  /** Operation manifests: the web app's, plus any a mobile build registers. */
  operationManifests: string[];
}

/** A session key: SESSION_SECRET (any string, hashed to 32 bytes) or one generated and kept in dataDir. */
export function loadSessionSecret(secret: string | undefined, dataDir: string): string {
  if (secret) return secret;
  const file = path.join(dataDir, 'gateway-session.key');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const generated = randomBytes(32).toString('base64url');
  try {
    // 'wx': never overwrite a key another instance wrote in the meantime.
    fs.writeFileSync(file, `${generated}\n`, { mode: 0o600, flag: 'wx' });
    return generated;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file, 'utf8').trim();
    throw error;
  }
}

/**
 * The repository's root: the web app's builds and manifest are found from here by default, so the
 * gateway finds them whether it starts from the root (`npm start`) or from its own workspace.
 * Paths given in the environment are taken as they are (relative to the working directory).
 */
const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));
const fromRoot = (given: string | undefined, fallback: string) =>
  given === undefined ? path.join(repositoryRoot, fallback) : path.resolve(given);

/**
 * The gateway's configuration from the environment; a SettingsError naming every variable that
 * does not parse (settings.ts says what each accepts).
 */
export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const s = readSettings(gatewaySettings, env);
  const production = s.NODE_ENV === 'production';
  const dataDir = path.resolve(s.DATA_DIR);
  return {
    port: s.GATEWAY_PORT ?? s.PORT ?? 4000,
    serviceUrl: s.SHOP_SERVICE_URL,
    production,
    debugErrors: s.GATEWAY_DEBUG_ERRORS ?? s.NODE_ENV === 'development',
    introspection: s.GATEWAY_INTROSPECTION ?? !production,
    playground: s.GATEWAY_PLAYGROUND ?? !production,
    sessionKey: sessionKeyFrom(loadSessionSecret(s.SESSION_SECRET, dataDir)),
    sessionTtlMs: s.SESSION_TTL ?? s.REFRESH_FAMILY_TTL ?? 30 * 86_400_000,
    upstreamTimeoutMs: s.UPSTREAM_TIMEOUT,
    fileTimeoutMs: s.UPSTREAM_FILE_TIMEOUT,
    upstreamConnections: s.UPSTREAM_CONNECTIONS,
    refreshShareMs: s.REFRESH_SHARE,
    bodyLimit: s.GATEWAY_BODY_LIMIT,
    trustProxy: s.GATEWAY_TRUST_PROXY.value,
    isTrustedProxy: (address) => s.GATEWAY_TRUST_PROXY.trusts(address, 0),
    uploadMaxBytes: s.UPLOAD_MAX_BYTES,
    limits: {
      maxDepth: s.GRAPHQL_MAX_DEPTH,
      maxAliases: s.GRAPHQL_MAX_ALIASES,
      maxCost: s.GRAPHQL_MAX_COST,
      maxTokens: s.GRAPHQL_MAX_TOKENS,
      maxDirectives: s.GRAPHQL_MAX_DIRECTIVES,
    },
    publicMaxAge: s.GATEWAY_PUBLIC_MAX_AGE,
    stockMaxAge: s.GATEWAY_STOCK_MAX_AGE,
    edgeMaxAge: s.GATEWAY_EDGE_MAX_AGE,
    resourcesMaxAge: s.GATEWAY_RESOURCES_MAX_AGE,
    responseCache: { entries: s.GATEWAY_RESPONSE_CACHE_ENTRIES, bytes: s.GATEWAY_RESPONSE_CACHE_BYTES },
    documentStore: { entries: s.GATEWAY_DOCUMENT_STORE_ENTRIES, bytes: s.GATEWAY_DOCUMENT_STORE_BYTES },
    redisUrl: s.REDIS_URL,
    redisTimeoutMs: s.REDIS_TIMEOUT,
    exposeUpstreamCalls: s.GATEWAY_EXPOSE_UPSTREAM_CALLS,
    pages: pageSettingsFrom(s),
    playgroundDist: fromRoot(s.PLAYGROUND_DIST, 'gateway/playground/dist'),
    readyTimeoutMs: s.READY_TIMEOUT,
    logLevel: s.LOG_LEVEL,
    safelist: s.GATEWAY_SAFELIST ?? production,
    publicOrigin: s.PUBLIC_ORIGIN,
    secureCookies: s.PUBLIC_ORIGIN.startsWith('https://'),
    httpLimits: httpLimitsFrom(s),
    operationManifests: [
      fromRoot(s.WEB_OPERATION_MANIFEST, 'web/src/__generated__/operations.json'),
      ...(s.GATEWAY_OPERATION_MANIFESTS ?? []).map((file) => path.resolve(file)),
    ],
  };
}

/** Any secret string → the 32 bytes A256GCM needs (SHA-256: stable across instances sharing it). */
export function sessionKeyFrom(secret: string): Uint8Array {
  return new Uint8Array(createHash('sha256').update(secret, 'utf8').digest());
}
