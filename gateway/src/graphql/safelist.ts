/**
 * Safelisted operations. Manifests (Apollo's persisted-query manifest format, e.g.
 * the web app's `web/src/__generated__/operations.json`, or a mobile build's own) map sha256
 * hashes to operation documents:
 *
 * - a request that sends only a manifest hash (`extensions.persistedQuery`) gets its document
 *   from Apollo's persisted-query cache, which reads the manifests first (`persistedQueryCache`),
 *   so the web app never sends query text for its own operations and Apollo never hashes one
 *   (the hash it was given is the document store's key);
 * - with the safelist on (`GATEWAY_SAFELIST`, on by default when `NODE_ENV=production`), any
 *   other operation, with or without a persisted-query hash, is refused with 400
 *   OPERATION_NOT_SAFELISTED before Apollo parses it. Off (development, the playground),
 *   arbitrary operations and automatic persisted queries run.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { KeyValueCache, KeyValueCacheSetOptions } from '@apollo/utils.keyvaluecache';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from '../logging.ts';

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

type GraphQLBody = { query?: unknown; extensions?: { persistedQuery?: { sha256Hash?: unknown } } };

/** The refusal of an operation outside the safelist (400). */
export const NOT_SAFELISTED = {
  errors: [
    {
      message: 'This operation is not in the safelist of this gateway.',
      extensions: { code: 'OPERATION_NOT_SAFELISTED' },
    },
  ],
};

/** The `query` and `extensions` parameters of a GET request, as far as the safelist needs them. */
export function getRequestOf(query: unknown, extensions: unknown): GraphQLBody {
  let parsed: GraphQLBody['extensions'];
  try {
    parsed = typeof extensions === 'string' ? JSON.parse(extensions) : undefined;
  } catch {
    parsed = undefined; // Apollo answers the malformed parameter itself
  }
  return { query, extensions: parsed };
}

/**
 * Says whether the operation may run: true, or false for OPERATION_NOT_SAFELISTED. A registered
 * hash without text is left as it came: Apollo reads its document from `persistedQueryCache`.
 */
export function admitOperation(safelist: Safelist, body: GraphQLBody): boolean {
  if (!safelist.enforced) return true;
  const hash = body.extensions?.persistedQuery?.sha256Hash;
  // A registered hash passes (Apollo itself refuses a text that does not match it).
  if (typeof hash === 'string' && safelist.documents.has(hash)) return true;
  if (typeof body.query === 'string' && safelist.documents.has(sha256(body.query))) return true;
  return body.query === undefined && hash === undefined; // no operation: Apollo's BAD_REQUEST
}

/**
 * Apollo's persisted-query cache (`persistedQueries.cache`): a manifest hash is answered with its
 * document; anything else (automatic persisted queries registered by clients where the safelist
 * is off) lives in `registered`. Registering a manifest hash again is a no-op.
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

/** Express middleware for /graphql, after the JSON body parser and before Apollo. */
export function safelistMiddleware(safelist: Safelist) {
  return (req: Request, res: Response, next: NextFunction) => {
    const { query, extensions } = req.query as { query?: string; extensions?: string };
    const body = req.method === 'GET' ? getRequestOf(query, extensions) : ((req.body ?? {}) as GraphQLBody);
    if (admitOperation(safelist, body)) return next();
    res.status(400).json(NOT_SAFELISTED);
  };
}
