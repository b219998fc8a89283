import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { httpLimitsFrom } from '@shop/common/http-limits.ts';
import { fromRepositoryRoot } from '@shop/common/settings/paths.ts';
import { readSettings } from '@shop/common/settings/read.ts';
import { pageSettingsFrom } from '@shop/web-server/settings.ts';
import { gatewaySettings } from './settings.ts';

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
 * The gateway's configuration, or a SettingsError naming every variable that does not parse: the values
 * settings.ts documents, in the shape the code reads them, with the defaults that depend on other variables.
 */
export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env) {
  const s = readSettings(gatewaySettings, env);
  const production = s.NODE_ENV === 'production';
  return {
    port: s.GATEWAY_PORT ?? s.PORT ?? 4000,
    /** Origin (and optional base path) of the shop service; REST paths live under `<url>/service`. */
    serviceUrl: s.SHOP_SERVICE_URL,
    production,
    debugErrors: s.GATEWAY_DEBUG_ERRORS ?? s.NODE_ENV === 'development',
    introspection: s.GATEWAY_INTROSPECTION ?? !production,
    playground: s.GATEWAY_PLAYGROUND ?? !production,
    session: {
      /** 32-byte key for sealing sessions (JWE dir + A256GCM). */
      key: sessionKeyFrom(loadSessionSecret(s.SESSION_SECRET, path.resolve(s.DATA_DIR))),
      /** Lifetime of the sealed session and its cookie (the refresh-token family's absolute lifetime). */
      ttlMs: s.SESSION_TTL ?? s.REFRESH_FAMILY_TTL ?? 30 * 86_400_000,
      /** `Secure` whenever PUBLIC_ORIGIN is https, not only when a TLS proxy's X-Forwarded-Proto says so. */
      secureCookies: s.PUBLIC_ORIGIN.startsWith('https://'),
    },
    upstreamTimeoutMs: s.UPSTREAM_TIMEOUT,
    fileTimeoutMs: s.UPSTREAM_FILE_TIMEOUT,
    upstreamConnections: s.UPSTREAM_CONNECTIONS,
    refreshShareMs: s.REFRESH_SHARE,
    /** express.json's syntax (e.g. '100kb', '1.5mb'), on every route that reads a body. */
    bodyLimit: s.GATEWAY_BODY_LIMIT,
    /**
     * Express `trust proxy` (a hop count is a number, a list an array): default none, so `req.ip`, which the
     * service's login and registration throttles key on, is the socket address and cannot be spoofed.
     */
    trustProxy: s.GATEWAY_TRUST_PROXY.value,
    /** A peer GATEWAY_TRUST_PROXY names speaks for many clients: per-address bounds leave it out. */
    isTrustedProxy: (address: string) => s.GATEWAY_TRUST_PROXY.trusts(address, 0),
    /** The same rule at every hop of X-Forwarded-For (0: the socket's peer), as proxy-addr asks it. */
    trustsProxy: (address: string, hop: number) => s.GATEWAY_TRUST_PROXY.trusts(address, hop),
    uploadMaxBytes: s.UPLOAD_MAX_BYTES,
    limits: {
      maxDepth: s.GRAPHQL_MAX_DEPTH,
      maxAliases: s.GRAPHQL_MAX_ALIASES,
      maxCost: s.GRAPHQL_MAX_COST,
      maxTokens: s.GRAPHQL_MAX_TOKENS,
      maxDirectives: s.GRAPHQL_MAX_DIRECTIVES,
    },
    /** Seconds, as are the other max-ages. */
    publicMaxAge: s.GATEWAY_PUBLIC_MAX_AGE,
    stockMaxAge: s.GATEWAY_STOCK_MAX_AGE,
    edgeMaxAge: s.GATEWAY_EDGE_MAX_AGE,
    resourcesMaxAge: s.GATEWAY_RESOURCES_MAX_AGE,
    responseCache: { entries: s.GATEWAY_RESPONSE_CACHE_ENTRIES, bytes: s.GATEWAY_RESPONSE_CACHE_BYTES },
    documentStore: { entries: s.GATEWAY_DOCUMENT_STORE_ENTRIES, bytes: s.GATEWAY_DOCUMENT_STORE_BYTES },
    /** Unset: each instance keeps its caches in its own memory (cache/entries.ts). */
    redisUrl: s.REDIS_URL,
    redisTimeoutMs: s.REDIS_TIMEOUT,
    exposeUpstreamCalls: s.GATEWAY_EXPOSE_UPSTREAM_CALLS,
    /** The page server's: the web build, server rendering and the page cache. */
    pages: pageSettingsFrom(s),
    playgroundDist: fromRepositoryRoot(s.PLAYGROUND_DIST, 'playground/dist'),
    readyTimeoutMs: s.READY_TIMEOUT,
    logLevel: s.LOG_LEVEL,
    safelist: s.GATEWAY_SAFELIST ?? production,
    /** The browser-facing origin (same as the service's PUBLIC_ORIGIN). */
    publicOrigin: s.PUBLIC_ORIGIN,
    /** Socket limits of the public HTTP server (slow clients, idle keep-alive, connections per address). */
    httpLimits: httpLimitsFrom(s),
    /** Operation manifests: the web app's, plus any a mobile build registers. */
    operationManifests: [
      fromRepositoryRoot(s.WEB_OPERATION_MANIFEST, 'web/src/__generated__/operations.json'),
      ...(s.GATEWAY_OPERATION_MANIFESTS ?? []).map((file) => path.resolve(file)),
    ],
  };
}

export type GatewayConfig = ReturnType<typeof loadGatewayConfig>;

/** Any secret string → the 32 bytes A256GCM needs (SHA-256: stable across instances sharing it). */
export function sessionKeyFrom(secret: string): Uint8Array {
  return new Uint8Array(createHash('sha256').update(secret, 'utf8').digest());
}
