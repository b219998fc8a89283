/**
 * The web app sends its operations by hash: the hash Apollo Client computes is the id
 * of the same operation in the generated safelist manifest, and no query text travels. Queries go
 * as GET (an address an HTTP cache can keep), with the header that gets them past the gateway's
 * CSRF prevention; mutations go as POST.
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
      method: string;
      preflight: string | undefined;
      query?: string;
      operationName: string;
      extensions?: { persistedQuery?: { sha256Hash: string } };
    }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: { method: string; body?: string; headers: Record<string, string> }) => {
        const preflight = init.headers['apollo-require-preflight'];
        if (init.method === 'GET') {
          const params = new URL(url).searchParams;
          const extensions = params.get('extensions');
          expect(init.body).toBeUndefined();
          sent.push({
            method: 'GET',
            preflight,
            query: params.get('query') ?? undefined,
            operationName: params.get('operationName') ?? '',
            extensions: extensions ? JSON.parse(extensions) : undefined,
          });
        } else {
          sent.push({ method: init.method, preflight, ...JSON.parse(init.body ?? '{}') });
        }
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
    expect(sent.map((body) => [body.method, body.operationName])).toEqual([
      ['GET', 'Shell'],
      ['POST', 'UpdateCartLine'],
    ]);
    for (const body of sent) {
      expect(body.preflight, body.operationName).toBe('true');
      expect(body.query).toBeUndefined();
      const entry = manifest.operations.find((operation) => operation.name === body.operationName);
      expect(body.extensions?.persistedQuery?.sha256Hash, body.operationName).toBe(entry?.id);
    }
  });
});
