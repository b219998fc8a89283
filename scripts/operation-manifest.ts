/**
 * The web app's operations as a safelist manifest (Apollo's persisted-query manifest format):
 * `web/src/__generated__/operations.json`, one entry per operation with `id` = sha256 of `body`.
 * `body` is exactly what Apollo Client 4 sends for the document (its cache adds `__typename`, its
 * query manager removes the client-only directives such as `@unmask`), so
 * the id equals the automatic-persisted-query hash the web app's PersistedQueryLink computes.
 * The gateway answers these hashes without the query text and, with the safelist on, nothing else
 * (gateway/src/graphql/safelist.ts). Run by `npm run codegen` after the typed documents are generated.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { InMemoryCache } from '@apollo/client';
import { removeDirectivesFromDocument } from '@apollo/client/utilities/internal';
import { type DocumentNode, Kind, print } from 'graphql';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const OPERATION_MANIFEST = 'web/src/__generated__/operations.json';

export interface ManifestOperation {
  id: string;
  name: string;
  type: 'query' | 'mutation' | 'subscription';
  body: string;
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export async function operationManifest(): Promise<{
  format: string;
  version: 1;
  operations: ManifestOperation[];
}> {
  const documents = (await import(
    pathToFileURL(path.join(root, 'web/src/__generated__/graphql.ts')).href
  )) as Record<string, unknown>;
  const cache = new InMemoryCache();
  const operations: ManifestOperation[] = [];
  for (const [exportName, value] of Object.entries(documents)) {
    if (!exportName.endsWith('Document')) continue;
    // the same steps as Apollo Client's query manager before a document leaves the browser
    const transformed = cache.transformDocument(value as DocumentNode);
    const document =
      removeDirectivesFromDocument(
        [
          { name: 'client', remove: true },
          { name: 'connection' },
          { name: 'nonreactive' },
          { name: 'unmask' },
        ],
        transformed,
      ) ?? transformed;
    const operation = document.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION);
    if (!operation || operation.kind !== Kind.OPERATION_DEFINITION || !operation.name) continue;
    const body = print(document);
    operations.push({ id: sha256(body), name: operation.name.value, type: operation.operation, body });
  }
  operations.sort((a, b) => a.name.localeCompare(b.name));
  return { format: 'apollo-persisted-query-manifest', version: 1, operations };
}

export async function manifestText(): Promise<string> {
  return `${JSON.stringify(await operationManifest(), null, 2)}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  fs.writeFileSync(path.join(root, OPERATION_MANIFEST), await manifestText());
}
