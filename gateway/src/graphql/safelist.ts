/**
 * Safelisted operations. Manifests (Apollo's persisted-query manifest format, e.g. the web app's
 * `web/src/__generated__/operations.json`, or a mobile build's own) map sha256 hashes to operation documents.
 * A request that sends only a manifest hash (`extensions.persistedQuery`) gets its document from Apollo's
 * persisted-query cache, which reads the manifests first (`persistedQueryCache`): the web app never sends
 * query text for its own operations, and Apollo never hashes one (the given hash is the document store's
 * key). With the safelist on (`GATEWAY_SAFELIST`, on by default when `NODE_ENV=production`), any other
 * operation, with or without a persisted-query hash, is refused with 400 OPERATION_NOT_SAFELISTED before it
 * runs; off (development, the playground), arbitrary operations and automatic persisted queries run.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { ApolloServerPlugin, BaseContext, GraphQLRequestListener } from '@apollo/server';
import type { KeyValueCache, KeyValueCacheSetOptions } from '@apollo/utils.keyvaluecache';
import type { Logger } from '@shop/common/logging.ts';
import { GraphQLError } from 'graphql';
import { everyRequest } from './every-request.ts';

export interface Safelist {
  /** Hash → document of every registered operation. */
  readonly documents: ReadonlyMap<string, string>;
  /** Refuse what is not registered. */
  readonly enforced: boolean;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Reads the manifests (missing files are skipped: a checkout before `npm run codegen`). */
export function loadSafelist(files: string[], enforced: boolean, log?: Logger): Safelist {
  const documents = new Map<string, string>();
  for (const file of files) {
    if (!fs.existsSync(file)) {
      log?.warn({ file }, 'operation manifest not found');
      continue;
    }
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      operations?: Array<{ id: string; body: string }>;
    };
    for (const operation of manifest.operations ?? []) {
      // The id must be the document's sha256: that is the persisted-query hash clients send.
      if (sha256(operation.body) !== operation.id)
        throw new Error(`${file}: ${operation.id} is not the sha256 of its body`);
      documents.set(operation.id, operation.body);
    }
  }
  return { documents, enforced };
}

/**
 * Refuses an operation outside the manifests, for HTTP and the server render alike: Apollo's query hash is
 * the document's sha256 (or the persisted-query hash it checked against the text), the manifests' key.
 */
export function safelistPlugin(safelist: Safelist): ApolloServerPlugin {
  const hooks: GraphQLRequestListener<BaseContext> = {
    async didResolveOperation({ queryHash }) {
      if (safelist.documents.has(queryHash)) return;
      throw new GraphQLError('This operation is not in the safelist of this gateway.', {
        extensions: { code: 'OPERATION_NOT_SAFELISTED', http: { status: 400 } },
      });
    },
  };
  return safelist.enforced ? everyRequest(hooks) : {};
}

/**
 * Apollo's persisted-query cache: a manifest hash is answered with its document (registering one again is a
 * no-op); anything else (automatic persisted queries, where the safelist is off) lives in `registered`.
 */
export function persistedQueryCache(
  safelist: Safelist,
  registered: KeyValueCache<string>,
): KeyValueCache<string> {
  // Apollo prefixes its keys ("apq:<hash>"); a sha256 hash holds no colon.
  const manifestDocument = (key: string) => safelist.documents.get(key.slice(key.lastIndexOf(':') + 1));
  return {
    async get(key) {
      return manifestDocument(key) ?? registered.get(key);
    },
    async set(key: string, value: string, options?: KeyValueCacheSetOptions) {
      if (manifestDocument(key) === undefined) await registered.set(key, value, options);
    },
    async delete(key) {
      if (manifestDocument(key) === undefined) return registered.delete(key);
      return false;
    },
  };
}
