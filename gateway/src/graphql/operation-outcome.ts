/**
 * What every GraphQL answer carries about its operation (HTTP or the server render's in-process operations:
 * both run Apollo's pipeline): the session's renewal or end (session/edge.ts: Set-Cookie for browsers,
 * `extensions.session` for bearer clients, the mark of an ended session), success notices in
 * `extensions.notices`, the upstream call count when exposed, and one structured log line per operation.
 */
import type { ApolloServerPlugin, GraphQLRequestListener } from '@apollo/server';
import type { Logger } from '@shop/common/logging.ts';
import { format } from '@tusbar/cache-control';
import type { GatewayConfig } from '../config.ts';
import type { GatewayContext } from '../context.ts';
import { settleSession } from '../session/edge.ts';
import type { EndedSessions } from '../session/ended.ts';
import type { RequestSession } from '../session/handle.ts';
import type { SessionUpstream } from '../session/upstream.ts';
import type { Notice } from '../upstream/types.ts';
import { everyRequest } from './every-request.ts';

/** The GraphQL context: the resolvers' contract (GatewayContext) plus the infrastructure's state. */
export interface RequestContext extends GatewayContext {
  upstream: SessionUpstream;
  session: RequestSession;
  /** Response-cache partition of private answers: null for anonymous requests. */
  sessionCacheKey: string | null;
  /** The raw Accept-Language (part of cache keys). */
  acceptLanguage?: string;
  /** The catalogue's generation as the request began (part of cache keys); undefined: unknown. */
  catalogueGeneration: number | undefined;
  notices: Notice[];
  /** Adds a Set-Cookie line to the answer (the session's renewal or end). */
  appendCookie(cookie: string): void;
  startedAt: number;
}

/** The outcome above on every answer Apollo sends. */
export function outcomePlugin(
  config: Pick<GatewayConfig, 'exposeUpstreamCalls'>,
  log: Logger,
  ended?: EndedSessions,
): ApolloServerPlugin<RequestContext> {
  // The same hooks for every request: they keep nothing of their own.
  const hooks: GraphQLRequestListener<RequestContext> = {
    async willSendResponse({ contextValue, response, operationName, errors, metrics }) {
      const { session, notices, upstream } = contextValue;
      const outcome = await settleSession(session, ended);
      for (const cookie of outcome.setCookies) contextValue.appendCookie(cookie);
      const single = response.body.kind === 'single' ? response.body.singleResult : undefined;
      if (single) {
        const extensions: Record<string, unknown> = { ...single.extensions };
        if (notices.length > 0) extensions.notices = notices;
        if (outcome.bearerToken !== undefined) extensions.session = { token: outcome.bearerToken };
        if (config.exposeUpstreamCalls) extensions.upstreamCalls = upstream.callCount;
        if (Object.keys(extensions).length > 0) single.extensions = extensions;
      }
      // A response that renews or ends a session must never be stored by a cache.
      if (outcome.noStore) response.http.headers.set('cache-control', format({ noStore: true }));
      log.info(
        {
          operationName: operationName ?? null,
          ms: Math.round((performance.now() - contextValue.startedAt) * 10) / 10,
          upstreamCalls: upstream.callCount,
          errors: errors?.length
            ? errors.map((error) => error.extensions?.code ?? 'INTERNAL_SERVER_ERROR')
            : undefined,
          cacheHit: metrics.responseCacheHit || undefined,
          session: session.source,
        },
        'graphql operation',
      );
    },
  };
  return everyRequest(hooks);
}
