/**
 * The response cache: a query's whole answer, without errors, kept under a key of its document, variables,
 * language, the catalogue's generation and, for a PRIVATE answer, its session, as long as the SDL's hints
 * allow (the operation's policy). A hit skips execution; every other plugin still runs. A PUBLIC answer is
 * the same for everyone, so visitors and signed-in shoppers share it. This is what
 * @apollo/server-plugin-response-cache does, with entries kept parsed in memory (cache/entries.ts): that
 * plugin keeps text, and parsing it was the largest single cost of a hit.
 */
import {
  type ApolloServerPlugin,
  type BaseContext,
  type GraphQLRequestListener,
  HeaderMap,
} from '@apollo/server';
import type { FormattedExecutionResult } from 'graphql';
import type { ResponseStore } from '../cache/entries.ts';
import { everyRequest } from './every-request.ts';

export interface ResponseCacheOptions<Context extends BaseContext> {
  store: ResponseStore;
  /** The session a PRIVATE answer is kept for; null: none (nothing private is read or kept). */
  sessionId(context: Context): Promise<string | null>;
  /** Whether answers may be read and kept for this request at all. */
  usable(context: Context): boolean;
  /** Whether a PRIVATE answer may still be kept once it is made (its session still holds). */
  mayKeepPrivate(context: Context): Promise<boolean>;
  /** What else the key holds (the language, the catalogue's generation). */
  extraKey(context: Context): string;
  /** The clock an entry's time is taken from (the store reads lifetimes on the same one). */
  now?: () => number;
}

/** What a request's look-up learnt, for its write: its key's base and session, and whether it hit. */
interface Lookup {
  base: string;
  sessionId: string | null;
  hit: boolean;
}

const keyOf = (lookup: Lookup, session: string | null): string =>
  session === null ? lookup.base : `${lookup.base}\n${session}`;

export function responseCache<Context extends BaseContext>(
  options: ResponseCacheOptions<Context>,
): ApolloServerPlugin<Context> {
  // One set of hooks for every request (nothing is made per request): each operation's look-up is
  // kept by its request context, the object Apollo makes for that operation alone.
  const lookups = new WeakMap<object, Lookup>();
  const hooks: GraphQLRequestListener<Context> = {
    async responseForOperation(request) {
      request.metrics.responseCacheHit = false;
      if (request.operation?.operation !== 'query' || !options.usable(request.contextValue)) return null;
      const lookup: Lookup = {
        // The document is named by Apollo's hash of it (its sha256): the key's input stays small.
        base: JSON.stringify([
          request.queryHash,
          request.operationName,
          request.request.variables ?? null,
          options.extraKey(request.contextValue),
        ]),
        sessionId: await options.sessionId(request.contextValue),
        hit: false,
      };
      lookups.set(request, lookup);
      const entry =
        (lookup.sessionId !== null ? await options.store.get(keyOf(lookup, lookup.sessionId)) : undefined) ??
        (await options.store.get(keyOf(lookup, null)));
      if (!entry) return null;
      request.overallCachePolicy.replace(entry.cachePolicy);
      request.metrics.responseCacheHit = lookup.hit = true;
      return {
        http: { status: undefined, headers: new HeaderMap() },
        body: { kind: 'single', singleResult: { data: entry.data } },
      };
    },
    async willSendResponse(request) {
      const lookup = lookups.get(request);
      if (!lookup || lookup.hit || request.response.body.kind !== 'single') return;
      const { data, errors } = request.response.body.singleResult;
      const policy = request.overallCachePolicy.policyIfCacheable();
      if (errors || !data || !policy) return;
      const session = policy.scope === 'PRIVATE' ? lookup.sessionId : null;
      if (
        policy.scope === 'PRIVATE' &&
        (session === null || !(await options.mayKeepPrivate(request.contextValue)))
      )
        return;
      const entry = {
        data,
        cachePolicy: { maxAge: policy.maxAge, scope: policy.scope },
        cacheTime: (options.now ?? Date.now)(),
      };
      // Kept behind the answer. The stores never fail a write (a Redis command that fails is dropped).
      options.store.set(keyOf(lookup, session), entry, policy.maxAge).catch(() => {});
    },
  };
  return everyRequest(hooks);
}

const texts = new WeakMap<object, string>();
/** Apollo's `stringifyResult`: an answer that is a kept entry's data alone is written out once per entry. */
export function stringifyResult(result: FormattedExecutionResult): string {
  const { data, errors, extensions } = result;
  // Only a kept entry's data is frozen (all the way down), so its text never changes.
  const kept = data && !errors && !extensions && Object.isFrozen(data) ? data : undefined;
  const text = (kept && texts.get(kept)) ?? `${JSON.stringify(result)}\n`;
  if (kept) texts.set(kept, text);
  return text;
}
