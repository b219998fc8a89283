/**
 * Gateway test harness: the real service on a temporary database (tests/service/harness.ts)
 * listening on an ephemeral port, and the real gateway (createGateway) pointed at it, also on an
 * ephemeral port. Every response carries `extensions.upstreamCalls` (GATEWAY_EXPOSE_UPSTREAM_CALLS),
 * and the harness counts what reached the service per "METHOD /path".
 *
 *   const h = await startGatewayHarness();
 *   const jar = h.jar();
 *   const res = await h.gql('mutation($i: LoginInput!){ login(input: $i){ session { isAuthenticated } } }',
 *     { i: { account: 'demo', password: 'demo123' } }, { jar });
 *   res.data, res.errors, res.upstreamCalls, res.headers, h.serviceCalls('POST /service/refresh-token')
 *   await h.close();
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express, { type Router } from 'express';
import pino from 'pino';
import request from 'supertest';
import { type GatewayConfig, loadGatewayConfig } from '../../gateway/src/config.ts';
import { createGateway, type Gateway, type GatewayOptions } from '../../gateway/src/server.ts';
import type { AppContext } from '../../service/src/context.ts';
import { startTestService, type TestService } from '../service/harness.ts';

export interface GqlOptions {
  /** Sends and updates this jar's cookies (browser-like). */
  jar?: CookieJar;
  /** A raw Cookie header. */
  cookie?: string;
  /** A sealed session sent as `Authorization: Bearer`. */
  bearer?: string;
  headers?: Record<string, string>;
  operationName?: string;
  /**
   * Connect from this source address (127.0.0.2, 127.0.0.3 … are all loopback on Linux), so
   * tests can be several real clients without spoofing any header.
   */
  localAddress?: string;
}

export interface GqlResult<TData = Record<string, unknown>> {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: GraphQL bodies are asserted field by field in tests
  body: any;
  data: TData | null | undefined;
  errors: Array<{ message: string; extensions?: Record<string, unknown>; path?: unknown[] }> | undefined;
  extensions: Record<string, unknown> | undefined;
  /** Number of REST calls the gateway made for this operation. */
  upstreamCalls: number | undefined;
  headers: Record<string, string | string[] | undefined>;
  setCookies: string[];
}

/** The `shop_session` cookie as a browser would keep it. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  get(name = 'shop_session'): string | undefined {
    return this.cookies.get(name);
  }

  set(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  update(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = decodeURIComponent(pair.slice(eq + 1).trim());
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

export interface HarnessOptions {
  /** Service environment (e.g. ACCESS_TOKEN_TTL: '1s'). */
  serviceEnv?: Record<string, string>;
  /** Gateway environment on top of the test defaults (e.g. UPSTREAM_TIMEOUT: '500ms'). */
  gatewayEnv?: Record<string, string>;
  /** Schema override (infra tests use a tiny probe schema); default: the real schema and resolvers. */
  typeDefs?: GatewayOptions['typeDefs'];
  resolvers?: GatewayOptions['resolvers'];
  /** Point the gateway somewhere else than the real service (a stub server, a closed port). */
  serviceUrl?: string;
  transport?: GatewayOptions['transport'];
  /** The gateway's logger (default: silent), for tests that read what it logs. */
  logger?: GatewayOptions['logger'];
  /** Extra routes mounted under /service before the real ones (e.g. to provoke a 403 with requireAdmin). */
  serviceRoutes?: (router: Router, ctx: AppContext) => void;
  seed?: boolean;
  /** More Apollo plugins for the gateway. */
  plugins?: GatewayOptions['plugins'];
}

export interface GatewayHarness {
  service: TestService;
  serviceUrl: string;
  gateway: Gateway;
  config: GatewayConfig;
  /**
   * The clock the gateway's response and page caches count lifetimes on: a test about a lifetime
   * moves it past the lifetime instead of waiting. (Entries in Redis also expire on Redis's clock.)
   */
  cacheClock: { advance(ms: number): void };
  /** Base URL of the listening gateway. */
  url: string;
  /** supertest on the listening gateway. */
  http: ReturnType<typeof request>;
  gql<TData = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    options?: GqlOptions,
  ): Promise<GqlResult<TData>>;
  jar(): CookieJar;
  /** How many requests reached the service for "METHOD /service/path" (exact path, no query). */
  serviceCalls(key: string): number;
  /** Every request the service received, in order ("METHOD /service/path"). */
  readonly serviceLog: string[];
  resetServiceLog(): void;
  close(): Promise<void>;
}

export function listen(handler: http.RequestListener): Promise<{ server: http.Server; url: string }> {
  const server = http.createServer(handler);
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}` });
    });
  });
}

export function closeServer(server: http.Server): Promise<void> {
  server.closeAllConnections?.();
  return new Promise((resolve) => server.close(() => resolve()));
}

export async function startGatewayHarness(options: HarnessOptions = {}): Promise<GatewayHarness> {
  const service = await startTestService(
    { ...options.serviceEnv },
    options.seed === undefined ? {} : { seed: options.seed },
  );
  const serviceLog: string[] = [];
  const outer = express();
  outer.use((req, _res, next) => {
    serviceLog.push(`${req.method} ${req.path}`);
    next();
  });
  if (options.serviceRoutes) {
    const router = express.Router();
    router.use(express.json(), express.urlencoded({ extended: false }));
    options.serviceRoutes(router, service.ctx);
    outer.use('/service', router);
  }
  outer.use(service.app);
  const serviceServer = await listen(outer);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-gateway-'));
  const config = loadGatewayConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SHOP_SERVICE_URL: options.serviceUrl ?? serviceServer.url,
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'silent',
    GATEWAY_EXPOSE_UPSTREAM_CALLS: '1',
    WEB_DIST: path.join(dataDir, 'no-web-dist'),
    ...options.gatewayEnv,
  });
  const httpServer = http.createServer();
  let cacheClockOffsetMs = 0;
  const gateway = await createGateway(config, {
    now: () => Date.now() + cacheClockOffsetMs,
    typeDefs: options.typeDefs,
    resolvers: options.resolvers,
    transport: options.transport,
    logger: options.logger ?? pino({ level: 'silent' }),
    plugins: options.plugins,
  });
  httpServer.on('request', gateway.handler);
  const url = await new Promise<string>((resolve) => {
    httpServer.listen(0, '127.0.0.1', () => {
      resolve(`http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`);
    });
  });
  const agent = request(url);

  async function gql<TData>(
    query: string,
    variables?: Record<string, unknown>,
    gqlOptions: GqlOptions = {},
  ): Promise<GqlResult<TData>> {
    if (gqlOptions.localAddress) return gqlFrom<TData>(url, query, variables, gqlOptions);
    let req = agent.post('/graphql').set('content-type', 'application/json');
    const cookie = [gqlOptions.jar?.header(), gqlOptions.cookie].filter(Boolean).join('; ');
    if (cookie) req = req.set('cookie', cookie);
    if (gqlOptions.bearer) req = req.set('authorization', `Bearer ${gqlOptions.bearer}`);
    for (const [name, value] of Object.entries(gqlOptions.headers ?? {})) req = req.set(name, value);
    const res = await req.send({ query, variables, operationName: gqlOptions.operationName });
    return gqlResult(res.status, res.headers, res.body, gqlOptions.jar);
  }

  return {
    service,
    serviceUrl: serviceServer.url,
    gateway,
    config,
    cacheClock: {
      advance(ms) {
        cacheClockOffsetMs += ms;
      },
    },
    url,
    http: agent,
    gql,
    jar: () => new CookieJar(),
    serviceCalls: (key) => serviceLog.filter((entry) => entry === key).length,
    serviceLog,
    resetServiceLog() {
      serviceLog.length = 0;
    },
    async close() {
      gateway.drain();
      await closeServer(httpServer);
      await gateway.close();
      await closeServer(serviceServer.server);
      await service.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Whether the running service has the accounts module (login) yet. */
/** Ids of on-shelf products with more than `minStock` in stock, lowest first, at most `limit`. */
export async function stockedProductIds(h: Pick<GatewayHarness, 'service'>, minStock: number, limit: number) {
  const rows = await h.service.ctx.db
    .selectFrom('products')
    .select('id')
    .where('on_shelf', '=', 1)
    .where('stock', '>', minStock)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

export async function hasLogin(h: GatewayHarness): Promise<boolean> {
  const res = await h.service.http
    .post('/service/shop/shop-user/login')
    .send({ account: 'demo', password: 'demo123' });
  return res.status === 200 && res.body.success === true;
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** Whether the server answered `100 Continue` before the final response. */
  continued: boolean;
  // biome-ignore lint/suspicious/noExplicitAny: JSON bodies are asserted field by field in tests
  json(): any;
}

/**
 * One HTTP request over a real socket (node:http), optionally from a given loopback source
 * address and with `Expect: 100-continue` (the body is sent only after the server's 100, as curl
 * does for larger uploads).
 */
export function rawRequest(
  baseUrl: string,
  options: {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    body?: Buffer | string;
    localAddress?: string;
    expectContinue?: boolean;
  },
): Promise<RawResponse> {
  const target = new URL(options.path, baseUrl);
  const body = options.body === undefined ? undefined : Buffer.from(options.body);
  const headers: Record<string, string> = { ...options.headers };
  if (body) headers['content-length'] = String(body.length);
  if (options.expectContinue) headers.expect = '100-continue';
  return new Promise((resolve, reject) => {
    let continued = false;
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: options.method ?? 'GET',
        headers,
        localAddress: options.localAddress,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const data = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: data,
            continued,
            json: () => JSON.parse(data.toString('utf8')),
          });
        });
      },
    );
    req.on('error', reject);
    if (options.expectContinue && body) {
      req.on('continue', () => {
        continued = true;
        req.end(body);
      });
      req.flushHeaders();
    } else {
      req.end(body);
    }
  });
}

/** `gql` over a socket bound to `options.localAddress` (see GqlOptions.localAddress). */
async function gqlFrom<TData>(
  url: string,
  query: string,
  variables: Record<string, unknown> | undefined,
  options: GqlOptions,
): Promise<GqlResult<TData>> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...options.headers };
  const cookie = [options.jar?.header(), options.cookie].filter(Boolean).join('; ');
  if (cookie) headers.cookie = cookie;
  if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
  const res = await rawRequest(url, {
    method: 'POST',
    path: '/graphql',
    headers,
    body: JSON.stringify({ query, variables, operationName: options.operationName }),
    localAddress: options.localAddress,
  });
  return gqlResult(res.status, res.headers, res.json(), options.jar);
}

/** One GraphQL answer as the tests read it, whichever transport carried it; cookies go to the jar. */
function gqlResult<TData>(
  status: number,
  headers: Record<string, string | string[] | undefined>,
  parsed: unknown,
  jar: CookieJar | undefined,
): GqlResult<TData> {
  const raw = headers['set-cookie'];
  const setCookies = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  jar?.update(setCookies);
  // biome-ignore lint/suspicious/noExplicitAny: the answer's shape is the test's to assert
  const body = (parsed ?? {}) as any;
  return {
    status,
    body,
    data: body.data,
    errors: body.errors,
    extensions: body.extensions,
    upstreamCalls: body.extensions?.upstreamCalls,
    headers,
    setCookies,
  } as GqlResult<TData>;
}
