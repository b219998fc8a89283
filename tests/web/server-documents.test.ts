// @vitest-environment node
/**
 * The server's Apollo clients (one per page) share the documents the first one prepared
 * (web/src/app/server-documents.ts): each prepared document is the very same object for every
 * client, while each client still answers from its own cache. If Apollo Client moves the caches
 * this reaches into, this test fails rather than the server silently preparing per page.
 */
import { ApolloClient, ApolloLink } from '@apollo/client';
import { parse } from 'graphql';
import { of } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createRenderCache } from '../../web/src/app/render-cache.ts';
import { sharePreparedDocuments } from '../../web/src/app/server-documents.ts';

const PROBE = parse('query Probe { config { shopName } }');

function serverClient(shopName: string): ApolloClient {
  return new ApolloClient({
    ssrMode: true,
    dataMasking: false,
    cache: createRenderCache(),
    link: new ApolloLink(() => of({ data: { config: { __typename: 'ShopConfig', shopName } } })),
  });
}

/** Apollo Client's own view of a document, as its query manager keeps it. */
const infoOf = (client: ApolloClient, document: unknown) =>
  (
    client as unknown as { queryManager: { getDocumentInfo(d: unknown): unknown } }
  ).queryManager.getDocumentInfo(document);

describe('sharePreparedDocuments', () => {
  it("gives every server client the first one's prepared documents, each answering from its own cache", async () => {
    const first = serverClient('乐购商城');
    const second = serverClient('LeGou Shop');
    expect(sharePreparedDocuments(first)).toBe(true);
    expect(sharePreparedDocuments(second)).toBe(true);

    const prepared = first.documentTransform.transformDocument(PROBE);
    expect(prepared).not.toBe(PROBE); // __typename added
    expect(second.documentTransform.transformDocument(PROBE)).toBe(prepared);
    expect(infoOf(second, prepared)).toBe(infoOf(first, prepared));

    const [a, b] = await Promise.all([first.query({ query: PROBE }), second.query({ query: PROBE })]);
    expect(a.data).toEqual({ config: { __typename: 'ShopConfig', shopName: '乐购商城' } });
    expect(b.data).toEqual({ config: { __typename: 'ShopConfig', shopName: 'LeGou Shop' } });
  });

  it('leaves a client that is not shared to prepare its own', () => {
    const shared = serverClient('a');
    sharePreparedDocuments(shared);
    const own = serverClient('b');
    expect(own.documentTransform.transformDocument(PROBE)).not.toBe(
      shared.documentTransform.transformDocument(PROBE),
    );
  });
});
