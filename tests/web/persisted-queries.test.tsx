/**
 * The web app sends its operations by hash: the hash Apollo Client computes is the id
 * of the same operation in the generated safelist manifest, and no query text travels.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ApolloClient } from '@apollo/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShellDocument, UpdateCartLineDocument } from '../../web/src/__generated__/graphql.ts';
import { createApolloLink, createCache } from '../../web/src/app/apollo.ts';

const manifest = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../web/src/__generated__/operations.json'), 'utf8'),
) as { operations: Array<{ id: string; name: string }> };

describe('persisted queries from the web app', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the manifest hash of each operation and no text', async () => {
    const sent: Array<{
      query?: string;
      operationName: string;
      extensions?: { persistedQuery?: { sha256Hash: string } };
    }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: { body: string }) => {
        sent.push(JSON.parse(init.body));
        return new Response(JSON.stringify({ data: null }), {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const hooks = {
      getLocale: () => 'zh-CN',
      onUnauthenticated: vi.fn(),
      onForbidden: vi.fn(),
      onErrorMessage: vi.fn(),
      onNotice: vi.fn(),
    };
    const client = new ApolloClient({
      link: createApolloLink(hooks, 'http://gateway.test/graphql'),
      cache: createCache(),
    });
    await client.query({ query: ShellDocument }).catch(() => {});
    await client
      .mutate({ mutation: UpdateCartLineDocument, variables: { input: { lineId: '1', quantity: 2 } } })
      .catch(() => {});
    expect(sent.map((body) => body.operationName)).toEqual(['Shell', 'UpdateCartLine']);
    for (const body of sent) {
      expect(body.query).toBeUndefined();
      const entry = manifest.operations.find((operation) => operation.name === body.operationName);
      expect(body.extensions?.persistedQuery?.sha256Hash, body.operationName).toBe(entry?.id);
    }
  });
});
