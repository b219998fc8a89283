/**
 * One span and measurement per GraphQL operation Apollo answers: name and type (never variables), outcome,
 * response cache hit. The span starts with the request, so parsing and validation are inside it.
 */
import type { ApolloServerPlugin } from '@apollo/server';
import { type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { countCache } from '@shop/common/telemetry/cache-metrics.ts';
import { recordOperation } from './metrics.ts';

const tracer = trace.getTracer('shop-gateway/graphql');

/**
 * Operation names are the client's: only registered documents' (operation manifests, by hash) label metrics,
 * so no client can grow the series without bound; others count as `unregistered` (spans keep the name).
 */
export function telemetryPlugin<TContext extends object>(
  isRegistered: (queryHash: string) => boolean,
): ApolloServerPlugin<TContext> {
  return {
    async requestDidStart() {
      const started = performance.now();
      const span: Span = tracer.startSpan('graphql.operation', { kind: SpanKind.INTERNAL });
      let type = 'unknown';
      return {
        async didResolveOperation({ operationName, operation }) {
          type = operation?.operation ?? 'unknown';
          span.updateName(`${type} ${operationName ?? 'anonymous'}`);
          span.setAttribute('graphql.operation.type', type);
          if (operationName) span.setAttribute('graphql.operation.name', operationName);
        },
        async willSendResponse({ operationName, errors, metrics, queryHash }) {
          const code = errors?.[0]?.extensions?.code;
          const outcome = errors && errors.length > 0 ? String(code ?? 'INTERNAL_SERVER_ERROR') : 'ok';
          const name = !operationName
            ? 'anonymous'
            : queryHash && isRegistered(queryHash)
              ? operationName
              : 'unregistered';
          const cacheHit = metrics.responseCacheHit === true;
          if (type === 'query') countCache('response', cacheHit);
          recordOperation((performance.now() - started) / 1000, { name, type, outcome });
          span.setAttribute('shop.graphql.outcome', outcome);
          span.setAttribute('shop.cache.hit', cacheHit);
          if (outcome !== 'ok') span.setStatus({ code: SpanStatusCode.ERROR, message: outcome });
          span.end();
        },
      };
    },
  };
}
