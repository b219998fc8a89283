import { ApolloClient, ApolloLink } from '@apollo/client';
import { Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import {
  AddToCartDocument,
  CartPageDocument,
  GoodsDetailPageDocument,
  GoodsListPageDocument,
  ProductCard_ProductFragmentDoc,
} from '../../web/src/__generated__/graphql.ts';
import { createCache } from '../../web/src/app/type-policies.ts';
import { cart, cartLine, money, picture, product, productPage } from './shop-fixtures.ts';

function detail(id: string) {
  return {
    __typename: 'Product' as const,
    id,
    name: `商品 ${id}`,
    description: '详情',
    categoryId: '3',
    featuredImage: picture(`/img/${id}.svg`),
    gallery: [picture(`/img/${id}.svg`)],
    price: money(29900),
    originalPrice: null,
    stock: 3,
    sales: 9,
    onShelf: true,
  };
}

/** A client over the real cache whose link answers from `answer` and counts the requests. */
function clientWith(answer: (operationName: string, variables: Record<string, unknown>) => unknown) {
  const calls: string[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        calls.push(operation.operationName ?? '');
        observer.next({
          data: answer(operation.operationName ?? '', operation.variables) as Record<string, unknown>,
        });
        observer.complete();
      }),
  );
  return { client: new ApolloClient({ link, cache: createCache() }), calls };
}

describe('type policies', () => {
  it('reopens a visited product page without a network request', async () => {
    const { client, calls } = clientWith(() => ({ product: detail('7') }));
    const first = await client.query({ query: GoodsDetailPageDocument, variables: { id: '7' } });
    expect(first.data?.product?.name).toBe('商品 7');
    const again = await client.query({ query: GoodsDetailPageDocument, variables: { id: '7' } });
    expect(again.data?.product?.description).toBe('详情');
    expect(calls).toEqual(['GoodsDetailPage']);
  });

  it('reads Query.product from the normalized Product, whichever query brought it', () => {
    const cache = createCache();
    cache.writeFragment({
      id: 'Product:8',
      fragment: ProductCard_ProductFragmentDoc,
      fragmentName: 'ProductCard_product',
      data: product(8),
    });
    // only the card's fields are known: the detail page must still ask the network
    expect(cache.readQuery({ query: GoodsDetailPageDocument, variables: { id: '8' } })).toBeNull();
    // once every field is known (e.g. the other detail route loaded it), no request is needed
    cache.writeQuery({
      query: GoodsDetailPageDocument,
      variables: { id: '8' },
      data: { product: detail('8') },
    });
    const viaOtherArgs = cache.readQuery({ query: GoodsDetailPageDocument, variables: { id: '8' } });
    expect((viaOtherArgs?.product as { stock?: number } | null)?.stock).toBe(3);
  });

  it('merges a product seen in a list and on its detail page into one object', async () => {
    const { client } = clientWith((name) =>
      name === 'GoodsListPage' ? { products: productPage([7]) } : { product: { ...detail('7'), stock: 1 } },
    );
    await client.query({
      query: GoodsListPageDocument,
      variables: { sort: 'DEFAULT', page: { pageNum: 1, pageSize: 15 } },
    });
    await client.query({ query: GoodsDetailPageDocument, variables: { id: '7' } });
    const list = client.readQuery({
      query: GoodsListPageDocument,
      variables: { sort: 'DEFAULT', page: { pageNum: 1, pageSize: 15 } },
    });
    // the list shows the detail page's fresher stock: one Product:7 in the cache
    expect((list?.products.records[0] as { stock?: number } | undefined)?.stock).toBe(1);
    expect(Object.keys(client.cache.extract() as object).filter((key) => key.startsWith('Product:'))).toEqual(
      ['Product:7'],
    );
  });

  it('keeps each page, sort and filter of a product list apart', async () => {
    const { client, calls } = clientWith((_name, variables) => {
      const page = (variables.page as { pageNum: number }).pageNum;
      return { products: productPage(variables.sort === 'SALES' ? [90 + page] : [page], 30, page) };
    });
    const vars = (sort: 'DEFAULT' | 'SALES', pageNum: number) => ({ sort, page: { pageNum, pageSize: 15 } });
    await client.query({ query: GoodsListPageDocument, variables: vars('DEFAULT', 1) });
    await client.query({ query: GoodsListPageDocument, variables: vars('DEFAULT', 2) });
    await client.query({ query: GoodsListPageDocument, variables: vars('SALES', 1) });
    await client.query({ query: GoodsListPageDocument, variables: vars('DEFAULT', 1) });
    expect(calls).toHaveLength(3);
    expect(
      client.readQuery({ query: GoodsListPageDocument, variables: vars('DEFAULT', 2) })?.products.records[0]
        .id,
    ).toBe('2');
    expect(
      client.readQuery({ query: GoodsListPageDocument, variables: vars('SALES', 1) })?.products.records[0].id,
    ).toBe('91');
  });

  it('keeps one cart: a mutation payload updates every cart reader, and removed lines leave', async () => {
    const before = cart([cartLine(1, 11, 1, 1000), cartLine(2, 12, 1, 500)]);
    const after = cart([cartLine(1, 11, 3, 1000)]);
    const { client } = clientWith((name) =>
      name === 'CartPage'
        ? { cart: before }
        : { addToCart: { __typename: 'AddToCartPayload', userErrors: [], cart: after } },
    );
    await client.query({ query: CartPageDocument });
    await client.mutate({
      mutation: AddToCartDocument,
      variables: { input: { productId: '11', quantity: 2 } },
    });
    const read = client.readQuery({ query: CartPageDocument });
    expect(read?.cart?.totalQuantity).toBe(3);
    expect(read?.cart?.lines.map((line) => line.id)).toEqual(['1']);
    expect(read?.cart?.selectedTotal.fen).toBe(3000);
    expect(Object.keys(client.cache.extract() as object).filter((key) => key.startsWith('Cart:'))).toEqual([
      'Cart:{}',
    ]);
  });
});
