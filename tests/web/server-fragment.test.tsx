// @vitest-environment node
/**
 * Fragments in the server's render (web/src/app/fragment.ts): a component reads its fragment from
 * the render's cache once, as Apollo's hook would give it, complete or not, and the render sets up
 * no watch (nothing re-renders on the server).
 */
import { ApolloClient, ApolloLink, gql, type InMemoryCache, type TypedDocumentNode } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { useFragment } from '../../web/src/app/fragment.ts';
import { createRenderCache } from '../../web/src/app/render-cache.ts';

interface Name {
  id: string;
  name: string;
  price: { fen: number };
}

const NAME: TypedDocumentNode<Name> = gql`
  fragment Name on Product {
    id
    name
    price {
      fen
    }
  }
`;

function Card({ id }: { id: string }) {
  const { data, complete } = useFragment({
    fragment: NAME,
    fragmentName: 'Name',
    from: { __typename: 'Product', id },
  });
  return <p>{complete ? `${data.name} ${data.price.fen}` : 'incomplete'}</p>;
}

function renderWith(cache: InMemoryCache, ids: string[]) {
  const client = new ApolloClient({ ssrMode: true, cache, link: ApolloLink.empty() });
  const watch = vi.spyOn(client, 'watchFragment');
  const html = renderToString(
    <ApolloProvider client={client}>
      {ids.map((id) => (
        <Card key={id} id={id} />
      ))}
    </ApolloProvider>,
  );
  return { html, watched: watch.mock.calls.length };
}

describe('useFragment in the server render', () => {
  it('reads a complete fragment, reports a missing one as incomplete, and watches nothing', () => {
    expect(import.meta.env.SSR).toBe(true);
    const cache = createRenderCache();
    cache.writeFragment({
      fragment: NAME,
      fragmentName: 'Name',
      data: { __typename: 'Product', id: '1', name: '龙井', price: { __typename: 'Money', fen: 3200 } },
    } as never);
    // A product the cache knows without its price: the fragment is not complete.
    cache.writeFragment({
      fragment: gql`
        fragment Bare on Product {
          id
          name
        }
      `,
      data: { __typename: 'Product', id: '2', name: '碧螺春' },
    } as never);

    const { html, watched } = renderWith(cache, ['1', '2', '3']);
    expect(html).toBe('<p>龙井 3200</p><p>incomplete</p><p>incomplete</p>');
    expect(watched).toBe(0);
  });
});
