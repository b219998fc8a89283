import type { RequestListener, Server } from 'node:http';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import {
  ApolloServerPluginInlineTraceDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { InMemoryLRUCache } from '@apollo/utils.keyvaluecache';
import { COMPRESS_FROM } from '@shop/common/http/compress.ts';
import { createLogger, type Logger } from '@shop/common/logging.ts';
import { routes } from '@shop/common/rest/routes.ts';
import { httpServerMetrics } from '@shop/common/telemetry/http-metrics.ts';
import { playgroundRoutes, wantsPlayground } from '@shop/playground';
import { createPageServer } from '@shop/web-server';
import compression from 'compression';
import express, { type Request, type Response } from 'express';
import type { DocumentNode } from 'graphql';
import helmet from 'helmet';
import { cacheStores } from './cache/entries.ts';
import type { GatewayConfig } from './config.ts';
import { buildContext, type ContextDeps, type ContextInput } from './context-builder.ts';
import { cachePlugins } from './graphql/cache-plugins.ts';
import { createCaches } from './graphql/caches.ts';
import { cataloguePurgePlugin } from './graphql/catalogue-purge.ts';
import { classifyRequestError, requestErrorStatusPlugin } from './graphql/error-contract.ts';
import { outcomePlugin, type RequestContext } from './graphql/operation-outcome.ts';
import { protection } from './graphql/protection.ts';
import { stringifyResult } from './graphql/response-cache.ts';
import { loadSafelist, persistedQueryCache, safelistPlugin } from './graphql/safelist.ts';
import { formUpload } from './http/form-upload.ts';
import { capturedHeaders, graphqlFront, isGraphQLPath, requestErrorAnswer } from './http/graphql-front.ts';
import { healthRoutes } from './http/health.ts';
import { isProxied, serviceProxy } from './http/service-proxy.ts';
import { SharedFacts } from './loaders.ts';
import { SESSION_COOKIE } from './session/cookie.ts';
import { isSameOriginForm } from './session/csrf.ts';
import { RefreshFlights } from './session/refresh.ts';
import { telemetryPlugin } from './telemetry/apollo-plugin.ts';
import { conditionalRequests } from './telemetry/metrics.ts';
import { UndiciTransport } from './upstream/client.ts';
import type { UpstreamTransport } from './upstream/types.ts';

export type { RequestContext };

export interface GatewayOptions {
  /** Defaults to the SDL of schema/*.graphql and the resolvers of gateway/src/resolvers. */
  typeDefs?: DocumentNode | string | Array<DocumentNode | string>;
  // biome-ignore lint/suspicious/noExplicitAny: resolver maps are typed by codegen where they are written
  resolvers?: any;
  /** A fake transport for tests; defaults to the undici pool on config.serviceUrl. */
  transport?: UpstreamTransport;
  logger?: Logger;
  /** The HTTP server the app will listen on, for draining on shutdown. */
  httpServer?: Server;
  /** More Apollo plugins: they see every GraphQL request, over HTTP or from the server render. */
  plugins?: ApolloServerPlugin<RequestContext>[];
  /**
   * The clock the response and page caches count lifetimes on (ms since the epoch); tests move
   * it rather than wait. Defaults to Date.now.
   */
  now?: () => number;
}

export interface Gateway {
  /** What the HTTP server runs: /graphql to its own front, everything else to the Express app. */
  handler: RequestListener;
  log: Logger;
  /** Marks the instance as draining (/readyz → 503) before the HTTP server stops accepting. */
  drain(): void;
  /** Stops Apollo and closes the upstream pool. */
  close(): Promise<void>;
}

async function defaultSchema(): Promise<{ typeDefs: string[]; resolvers: unknown }> {
  const schemaModule = './graphql/schema.ts';
  const resolversModule = './resolvers/index.ts';
  const [{ typeDefs }, resolvers] = await Promise.all([import(schemaModule), import(resolversModule)]);
  return { typeDefs, resolvers: resolvers.resolvers ?? resolvers.default };
}

/** Builds the gateway: /graphql on Apollo Server 5; playground, health, proxy and web app on Express 5. */
export async function createGateway(config: GatewayConfig, options: GatewayOptions = {}): Promise<Gateway> {
  const log = options.logger ?? createLogger(config.logLevel, 'shop-gateway');
  const undici =
    options.transport === undefined
      ? new UndiciTransport(config.serviceUrl, {
          timeoutMs: config.upstreamTimeoutMs,
          connections: config.upstreamConnections,
        })
      : undefined;
  const transport: UpstreamTransport = options.transport ?? undici!;
  const flights = new RefreshFlights(config.refreshShareMs);
  const schema =
    options.typeDefs !== undefined
      ? { typeDefs: options.typeDefs, resolvers: options.resolvers ?? {} }
      : await defaultSchema();
  const armor = protection(config);
  const safelist = loadSafelist(config.operationManifests, config.safelist, log);
  let draining = false;

  // Response and page caches: in Redis shared by the instances when REDIS_URL is set, else memory.
  const now = options.now ?? Date.now;
  const stores = cacheStores({ redisUrl: config.redisUrl, redisTimeoutMs: config.redisTimeoutMs, log, now });
  await stores.ready(config.readyTimeoutMs);
  const caches = createCaches(config, stores, log);
  // The plugins that read no request context are typed for any context: one cast for them all.
  const plugins = [
    // First: a refused operation costs nothing more (no cost walk, no cache look-up).
    safelistPlugin(safelist),
    ...cachePlugins(caches.responses, caches.endedSessions, config.edgeMaxAge, now),
    cataloguePurgePlugin(caches.catalogue),
    ...armor.plugins,
    outcomePlugin(config, log, caches.endedSessions),
    telemetryPlugin<RequestContext>((hash) => safelist.documents.has(hash)),
    requestErrorStatusPlugin(),
    ApolloServerPluginLandingPageDisabled(),
    // Federation traces are for subgraphs; the gateway is not one.
    ApolloServerPluginInlineTraceDisabled(),
  ] as ApolloServerPlugin<RequestContext>[];
  plugins.push(...(options.plugins ?? []));
  if (options.httpServer) plugins.push(ApolloServerPluginDrainHttpServer({ httpServer: options.httpServer }));

  const apollo = new ApolloServer<RequestContext>({
    typeDefs: schema.typeDefs as DocumentNode,
    resolvers: schema.resolvers as never,
    documentStore: caches.documentStore,
    stringifyResult,
    introspection: config.introspection,
    csrfPrevention: true,
    // Manifest hashes resolve to their documents here, keyed by the hash the client sent.
    persistedQueries: { cache: persistedQueryCache(safelist, new InMemoryLRUCache<string>()) },
    includeStacktraceInErrorResponses: config.debugErrors,
    hideSchemaDetailsFromClientErrors: config.production,
    validationRules: armor.validationRules,
    // graphql-js stops lexing past the limit: a syntax error (400 GRAPHQL_PARSE_FAILED), no work done.
    parseOptions: armor.parseOptions,
    plugins,
    logger: log,
    formatError: (formatted, error) => {
      // A client mistake Apollo left without a code (e.g. a persisted-query hash mismatch).
      const clientError = classifyRequestError(formatted, error);
      if (clientError) return clientError;
      // Unexpected errors never reveal internals, unless a developer asked for them.
      const code = formatted.extensions?.code;
      if (
        !config.debugErrors &&
        (!code || code === 'INTERNAL_SERVER_ERROR') &&
        !formatted.extensions?.alterMsg
      ) {
        log.error({ err: error }, 'unexpected resolver error');
        return { message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } };
      }
      return formatted;
    },
  });
  await apollo.start();

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('etag', false);
  const shared = new SharedFacts(config.publicMaxAge * 1000);
  const contextDeps: ContextDeps = { config, transport, flights, shared, catalogue: caches.catalogue };
  const contextFor = (input: ContextInput) => buildContext(input, contextDeps);

  // The service's own pages, files and images: forwarded before any body parsing or gateway headers.
  if (undici) {
    const proxy = serviceProxy({ config, undici, log, flights, ended: caches.endedSessions });
    app.use((req, res, next) => (isProxied(req.method, req.path) ? proxy(req, res, next) : next()));
  }

  app.use(healthRoutes(transport, config.readyTimeoutMs, () => draining));
  app.use(conditionalRequests());
  // Whole answers from COMPRESS_FROM up (GraphQL, HTML, errors); pages and files that come compressed pass.
  app.use(compression({ threshold: COMPRESS_FROM, level: 5 }));
  const securityHeaders = helmet({
    // Other sites learn nothing of where a visitor came from; this site's own requests carry
    // their Origin, which the pages' forms need to pass the CSRF rule (session/csrf.ts).
    referrerPolicy: { policy: 'same-origin' },
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        // No CDN anywhere: styles, fonts and scripts come from this origin only.
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        imgSrc: ["'self'", 'data:', 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
  });
  app.use(securityHeaders);
  if (config.playground) app.use(playgroundRoutes(config.playgroundDist));

  const graphql = graphqlFront({
    apollo,
    context: contextFor,
    bodyLimit: config.bodyLimit,
    trustsProxy: config.trustsProxy,
    headers: capturedHeaders(securityHeaders),
    onError: (error) => log.error({ err: error }, 'request failed'),
  });

  // The storefront's pages, forms, files and sitemap: GraphQL runs in-process, with each page's context.
  app.use(
    createPageServer<RequestContext>({
      settings: {
        ...config.pages,
        publicOrigin: config.publicOrigin,
        publicMaxAge: config.publicMaxAge,
        stockMaxAge: config.stockMaxAge,
        edgeMaxAge: config.edgeMaxAge,
      },
      execute: (operation, contextValue) => apollo.executeOperation(operation, { contextValue }),
      buildContext: contextFor,
      isSameOriginForm,
      sessionCookie: SESSION_COOKIE,
      pageStore: stores.store('page', { maxEntries: config.pages.pageCacheEntries }),
      upload: formUpload(config),
      now,
      catalogueGeneration: () => caches.catalogue.current(),
      sitemapCatalogue: ({ shop }) => ({
        categories: () => shop.call(routes.catalogue.categories),
        products: (filter, page) => shop.call(routes.catalogue.products, { query: { ...filter, ...page } }),
      }),
      log,
    }),
  );
  app.use((req, res) => {
    res.status(404).json({ error: 'not found', path: req.path });
  });
  app.use(
    (error: Error & { status?: number; type?: string }, _req: Request, res: Response, _next: unknown) => {
      const answer = requestErrorAnswer(error);
      if (answer.status >= 500) log.error({ err: error }, 'request failed');
      res.status(answer.status).json(answer.body);
    },
  );

  // The one request metric, for both fronts: /graphql is labelled as its route.
  const recordRequest = httpServerMetrics('shop-gateway');
  const countConditional = conditionalRequests();
  const noop = () => {};
  const handler: RequestListener = (req, res) => {
    recordRequest(req, res, noop);
    // OPTIONS and a browser opening the playground stay with Express, which answers them.
    if (isGraphQLPath(req.url) && req.method !== 'OPTIONS' && !(config.playground && wantsPlayground(req))) {
      (req as { baseUrl?: string }).baseUrl = '/graphql';
      countConditional(req as Request, res as Response, noop);
      graphql(req, res);
    } else app(req, res);
  };

  return {
    handler,
    log,
    drain() {
      draining = true;
    },
    async close() {
      draining = true;
      await apollo.stop();
      await undici?.close();
      await stores.close();
    },
  };
}
