/**
 * What every GraphQL answer carries about its operation, whichever path produced it (Apollo's
 * pipeline, through `outcomePlugin`, or the planned path, graphql/planned-operations.ts): the
 * session's renewal or end (Set-Cookie for browsers, `extensions.session` for bearer clients),
 * success notices in `extensions.notices`, the upstream call count when exposed, and one
 * structured log line per operation.
 */
import type { ApolloServerPlugin } from '@apollo/server';
import type { GatewayConfig } from '../config.ts';
import type { GatewayContext } from '../context.ts';
import type { Logger } from '../logging.ts';
import type { RequestSession } from '../session/handle.ts';
import type { SessionUpstream } from '../upstream/request.ts';
import type { Notice } from '../upstream/types.ts';
import type { ExecutedElsewhere } from './compiled-execution.ts';

/** The GraphQL context: the resolvers' contract (GatewayContext) plus the infrastructure's state. */
export interface RequestContext extends GatewayContext, ExecutedElsewhere {
  upstream: SessionUpstream;
  session: RequestSession;
  /** Response-cache partition: null for anonymous requests (see graphql/cache-policy.ts). */
  sessionCacheKey: string | null;
  /** The raw Accept-Language (part of cache keys). */
  acceptLanguage?: string;
  notices: Notice[];
  /** Adds a Set-Cookie line to the answer (the session's renewal or end). */
  appendCookie(cookie: string): void;
  startedAt: number;
  /** Set by the GraphQL route when the planned path may learn from Apollo's answer (its plan key). */
  planKey?: string;
}

/**
 * Settles the session and adds the answer's extensions: Set-Cookie lines go to the context, the
 * extensions are returned (undefined when there are none). `noStore`: the answer renews or ends
 * a session, so no cache may keep it.
 */
export async function settleOperation(
  config: Pick<GatewayConfig, 'exposeUpstreamCalls'>,
  context: RequestContext,
  resultExtensions: Record<string, unknown> | undefined,
): Promise<{ extensions: Record<string, unknown> | undefined; noStore: boolean }> {
  const { session, notices, upstream } = context;
  const outcome = await session.outcome();
  for (const cookie of outcome.setCookies) context.appendCookie(cookie);
  const extensions: Record<string, unknown> = { ...(resultExtensions ?? {}) };
  if (notices.length > 0) extensions.notices = notices;
  if (outcome.bearerToken !== undefined) extensions.session = { token: outcome.bearerToken };
  if (config.exposeUpstreamCalls) extensions.upstreamCalls = upstream.callCount;
  return {
    extensions: Object.keys(extensions).length > 0 ? extensions : undefined,
    noStore: outcome.setCookies.length > 0 || outcome.bearerToken !== undefined,
  };
}

/** The `graphql operation` log line. */
export function logOperation(
  log: Logger,
  context: RequestContext,
  operation: {
    name: string | null;
    /** The error codes of the answer. */
    errors: string[];
    cacheHit?: boolean;
    /** Answered by the planned path. */
    planned?: boolean;
  },
): void {
  log.info(
    {
      operationName: operation.name,
      ms: Math.round((performance.now() - context.startedAt) * 10) / 10,
      upstreamCalls: context.upstream.callCount,
      errors: operation.errors.length > 0 ? operation.errors : undefined,
      cacheHit: operation.cacheHit || undefined,
      planned: operation.planned || undefined,
      session: context.session.source,
    },
    'graphql operation',
  );
}

/** The outcome above on every answer Apollo sends. */
export function outcomePlugin(config: GatewayConfig, log: Logger): ApolloServerPlugin<RequestContext> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ contextValue, response, operationName, errors, metrics }) {
          const single = response.body.kind === 'single' ? response.body.singleResult : undefined;
          const { extensions, noStore } = await settleOperation(config, contextValue, single?.extensions);
          if (single && extensions) single.extensions = extensions;
          // A response that renews or ends a session must never be stored by a cache.
          if (noStore) response.http.headers.set('cache-control', 'no-store');
          logOperation(log, contextValue, {
            name: operationName ?? null,
            errors: (errors ?? []).map(
              (error) => error.extensions?.code ?? 'INTERNAL_SERVER_ERROR',
            ) as string[],
            cacheHit: metrics.responseCacheHit,
          });
        },
      };
    },
  };
}
