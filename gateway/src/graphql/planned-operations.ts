/**
 * The planned path: a safelisted query that Apollo has answered once is answered again without
 * Apollo's per-request pipeline, from a plan of what Apollo did the first time.
 *
 * Apollo's pipeline repeats, on every request, work whose outcome for a registered document
 * never changes: building a request context and a header map, two content negotiations, the
 * persisted-query and document-store look-ups, and a dozen awaited plugin hooks (a fifth of the
 * gateway's time in a profile). A plan keeps what those steps decided, learned from Apollo's own
 * successful answer, never computed on the side:
 * - the parsed, validated document and the operation Apollo resolved (validation does not depend
 *   on variables, so a document Apollo accepted once stays accepted);
 * - the cache decision (graphql/cache-policy.ts, the same object the Apollo plugin uses);
 * - per Accept header, the content type Apollo chose.
 *
 * What still runs on every planned request: the context (session, upstream, loaders), the list
 * cost for these variables (graphql/list-cost.ts), the compiled execution, the session's outcome,
 * extensions and log line (graphql/operation-outcome.ts), and then the HTTP side as for any
 * answer (graphql/route.ts: helmet's headers, compression, the HTTP cache).
 *
 * Apollo answers instead whenever the outcome is not the plain one:
 * - a request it has not seen planned: another shape, a mutation, a GET, text outside the
 *   manifests, an unseen Accept header;
 * - a signed-in request for an answer the response cache could hold (it partitions those by session);
 * - variables over the cost limit, or refused by their types (no resolver has run);
 * - an answer with errors: Apollo gets the executed result in the context (compiled-execution.ts,
 *   `executedResult`) and formats, masks and logs it with its plugins, without running the
 *   resolvers again.
 * `tests/gateway/planned-operations.test.ts` holds both paths to byte-identical answers.
 */
import type { ApolloServerPlugin, GraphQLRequestContextWillSendResponse } from '@apollo/server';
import type { DocumentNode, ExecutionResult, GraphQLSchema, OperationDefinitionNode } from 'graphql';
import type { GatewayConfig } from '../config.ts';
import type { Logger } from '../logging.ts';
import { type CacheDecisions, cacheControlValue, type Hint, isCacheable, VARY } from './cache-policy.ts';
import type { compiledExecutor, ExecutedElsewhere } from './compiled-execution.ts';
import type { ListCost } from './list-cost.ts';
import { logOperation, type RequestContext, settleOperation } from './operation-outcome.ts';
import type { Safelist } from './safelist.ts';

interface Plan {
  document: DocumentNode;
  operation: OperationDefinitionNode;
  /** The operation's own name (the log line's). */
  operationName: string | null;
  /** The name the request gave, if any: what execution is asked for, as Apollo asks it. */
  requestedName: string | undefined;
  schema: GraphQLSchema;
  policy: Hint;
}

/** A request the planned path can serve: its plan and the content type of its answer. */
export interface PlannedRequest {
  plan: Plan;
  contentType: string;
  variables: Record<string, unknown> | undefined;
}

/** A planned answer, or what Apollo needs to answer instead. */
export type PlannedOutcome =
  | { headers: Array<[string, string]>; text: string }
  | { handOver: ExecutedElsewhere };

/** Distinct Accept headers remembered; others go through Apollo (clients send a handful). */
const MAX_ACCEPT_VALUES = 64;
const BODY_KEYS = new Set(['query', 'operationName', 'variables', 'extensions']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export class PlannedOperations {
  private readonly plans = new Map<string, Plan>();
  private readonly contentTypes = new Map<string, string>();
  /** Manifest text → its hash, for requests that send a registered document's text. */
  private readonly hashOfText = new Map<string, string>();
  private stopped = false;
  /** Answers the planned path gave (the tests' and the operator's evidence that it runs). */
  answered = 0;

  constructor(
    private readonly deps: {
      safelist: Safelist;
      run: ReturnType<typeof compiledExecutor>;
      decisions: CacheDecisions;
      listCost: ListCost;
      config: Pick<GatewayConfig, 'exposeUpstreamCalls'>;
      log: Logger;
    },
  ) {
    for (const [hash, text] of deps.safelist.documents) this.hashOfText.set(text, hash);
  }

  /**
   * The plan key of a POST body of the shape clients send for a registered document (a manifest
   * hash, or its exact text), or undefined: Apollo reads anything else.
   */
  keyOf(body: unknown): string | undefined {
    if (this.stopped || !isRecord(body)) return undefined;
    for (const name in body) if (!BODY_KEYS.has(name)) return undefined;
    const { query, operationName, variables, extensions } = body;
    if (operationName != null && typeof operationName !== 'string') return undefined;
    if (variables != null && !isRecord(variables)) return undefined;
    let hash: string | undefined;
    if (extensions === undefined) {
      hash = typeof query === 'string' ? this.hashOfText.get(query) : undefined;
    } else if (query === undefined && isRecord(extensions)) {
      const persisted = extensions.persistedQuery;
      if (Object.keys(extensions).length !== 1 || !isRecord(persisted)) return undefined;
      if (Object.keys(persisted).length !== 2 || persisted.version !== 1) return undefined;
      const sha = persisted.sha256Hash;
      hash = typeof sha === 'string' && this.deps.safelist.documents.has(sha) ? sha : undefined;
    }
    if (hash === undefined) return undefined;
    return typeof operationName === 'string' ? `${hash}#${operationName}` : hash;
  }

  /** The plan and content type for this key and Accept header, when Apollo has shown both. */
  match(key: string, accept: string | undefined, variables: unknown): PlannedRequest | undefined {
    const plan = this.plans.get(key);
    const contentType = plan && this.contentTypes.get(accept ?? '');
    if (!plan || contentType === undefined) return undefined;
    return { plan, contentType, variables: isRecord(variables) ? variables : undefined };
  }

  /**
   * Records the content type Apollo chose for a request's Accept header (an answer Apollo gave
   * to a body `keyOf` recognised, with status 200: negotiated, not an error's).
   */
  learnContentType(accept: string | undefined, contentType: string | undefined): void {
    const value = accept ?? '';
    if (contentType === undefined || this.contentTypes.has(value)) return;
    if (this.contentTypes.size < MAX_ACCEPT_VALUES) this.contentTypes.set(value, contentType);
  }

  /** Apollo plugin: a request carrying a plan key whose query Apollo answered without errors becomes a plan. */
  learner(): ApolloServerPlugin<RequestContext> {
    return {
      requestDidStart: async ({ contextValue }) =>
        contextValue.planKey === undefined
          ? undefined
          : { willSendResponse: async (requestContext) => this.learn(requestContext) },
    };
  }

  private learn(requestContext: GraphQLRequestContextWillSendResponse<RequestContext>): void {
    const { contextValue, document, operation, response, schema, request } = requestContext;
    const key = contextValue.planKey;
    if (key === undefined || this.plans.has(key) || !document || operation?.operation !== 'query') return;
    if (response.body.kind !== 'single' || response.body.singleResult.errors) return;
    this.plans.set(key, {
      document,
      operation,
      operationName: requestContext.operationName ?? null,
      requestedName: request.operationName ?? undefined,
      schema,
      policy: this.deps.decisions.of(operation, document, schema),
    });
  }

  /** No more planned answers: Apollo answers (and refuses) everything while the gateway stops. */
  stop(): void {
    this.stopped = true;
  }

  /** Runs a planned request: its answer, or what Apollo needs to answer it instead. */
  async answer(planned: PlannedRequest, context: RequestContext): Promise<PlannedOutcome> {
    const { plan, contentType } = planned;
    const variables = planned.variables ?? {};
    // The response cache keeps cacheable answers per session; it lives in Apollo's pipeline.
    if (context.sessionCacheKey !== null && isCacheable(plan.policy)) return { handOver: {} };
    if (this.deps.listCost.refusal(plan.operation, plan.document, plan.schema, variables))
      return { handOver: {} };
    let result: ExecutionResult;
    try {
      result = await this.deps.run({
        document: plan.document,
        operationName: plan.requestedName,
        variables: planned.variables,
        contextValue: context,
      });
    } catch (error) {
      return { handOver: { executedError: error } };
    }
    if (result.errors) return { handOver: { executedResult: result } };
    const { extensions, noStore } = await settleOperation(this.deps.config, context, result.extensions);
    logOperation(this.deps.log, context, { name: plan.operationName, errors: [], planned: true });
    this.answered += 1;
    return {
      // In the order Apollo's plugins and its HTTP layer set them.
      headers: [
        ['cache-control', noStore ? 'no-store' : cacheControlValue(plan.policy, true)],
        ['vary', VARY],
        ['content-type', contentType],
      ],
      // Apollo's serialisation: errors, data, extensions (absent ones left out), and a newline.
      text: `${JSON.stringify({ data: result.data, extensions })}\n`,
    };
  }
}
