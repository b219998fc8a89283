// @vitest-environment node
/**
 * `useQuery` in the server's render (web/src/app/query.ts): a component gets what the render's
 * cache holds, reported as Apollo's hook reports it on the server (missing data is loading, a
 * skipped or cache-only query is not), and the render sets up no observable query.
 */
import { ApolloClient, ApolloLink, gql, type TypedDocumentNode } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { useQuery } from '../../web/src/app/query.ts';
import { createRenderCache } from '../../web/src/app/render-cache.ts';

const SHOP: TypedDocumentNode<{ config: { shopName: string } }> = gql`
  query Shop {
    config {
      shopName
    }
  }
`;
const COUNT: TypedDocumentNode<{ cart: { count: number } }, { id: string }> = gql`
  query Count($id: ID!) {
    cart(id: $id) {
      count
    }
  }
`;

function Shown({ skip = false, cacheOnly = false }: { skip?: boolean; cacheOnly?: boolean }) {
  const shop = useQuery(SHOP, { skip, fetchPolicy: cacheOnly ? 'cache-only' : undefined });
  const count = useQuery(COUNT, { variables: { id: '1' } });
  const text = [
    shop.data?.config.shopName ?? '-',
    shop.loading,
    count.data?.cart.count ?? '-',
    count.loading,
  ];
  return <p>{text.join(' ')}</p>;
}

describe('useQuery in the server render', () => {
  it('answers from the render cache, reports missing data as loading, and watches nothing', () => {
    expect(import.meta.env.SSR).toBe(true);
    const cache = createRenderCache();
    const client = new ApolloClient({ ssrMode: true, cache, link: ApolloLink.empty() });
    const watch = vi.spyOn(client, 'watchQuery');
    const render = (props: { skip?: boolean; cacheOnly?: boolean }) =>
      renderToString(
        <ApolloProvider client={client}>
          <Shown {...props} />
        </ApolloProvider>,
      );

    expect(render({})).toBe('<p>- true - true</p>');
    expect(render({ cacheOnly: true })).toBe('<p>- false - true</p>');
    expect(render({ skip: true })).toBe('<p>- false - true</p>');

    cache.writeQuery({
      query: SHOP,
      data: { config: { __typename: 'ShopConfig', shopName: '乐购' } },
    } as never);
    cache.writeQuery({
      query: COUNT,
      variables: { id: '1' },
      data: { cart: { __typename: 'Cart', count: 3 } },
    } as never);
    expect(render({})).toBe('<p>乐购 false 3 false</p>');
    expect(watch).not.toHaveBeenCalled();
  });
});
