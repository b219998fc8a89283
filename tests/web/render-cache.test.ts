// @vitest-environment node
/**
 * The server render's cache (web/src/app/render-cache.ts) normalises an answer once per process and
 * puts the same entities in place when the answer comes again: every cache must end up exactly as
 * Apollo's own writing leaves it, whether the answer lands in empty slots or meets data already
 * there (then Apollo writes it, type policies and all).
 */
import { gql, InMemoryCache } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { createRenderCache } from '../../web/src/app/render-cache.ts';
import { typePolicies } from '../../web/src/app/type-policies.ts';

const HOT = gql`
  query Hot($size: Int) {
    hotProducts(page: { pageNum: 1, pageSize: $size }) {
      total
      records {
        __typename
        id
        name
        price {
          __typename
          fen
          currency
        }
      }
    }
  }
`;

const NAME_ONLY = gql`
  query NameOnly {
    product(id: "1") {
      __typename
      id
      name
      stock
    }
  }
`;

const product = (id: string, name: string, fen: number) => ({
  __typename: 'Product',
  id,
  name,
  price: { __typename: 'Money', fen, currency: 'CNY' },
});

const hot = (names: string[]) => ({
  hotProducts: {
    __typename: 'ProductPage',
    total: names.length,
    records: names.map((name, index) => product(String(index + 1), name, 100 * (index + 1))),
  },
});

/** What Apollo's own writing leaves after these writes. */
function apolloWrites(writes: Array<{ query: typeof HOT; data: object; variables?: object }>) {
  const cache = new InMemoryCache({ typePolicies, resultCaching: false });
  for (const write of writes) cache.writeQuery(write);
  return cache.extract();
}

function renderWrites(writes: Array<{ query: typeof HOT; data: object; variables?: object }>) {
  const cache = createRenderCache();
  for (const write of writes) cache.writeQuery(write);
  return cache.extract();
}

describe('the render cache', () => {
  it('leaves each page the entities Apollo would write, the first time and every time after', () => {
    const answer = { query: HOT, data: hot(['龙井', '碧螺春']), variables: { size: 2 } };
    const expected = apolloWrites([answer]);
    expect(Object.keys(expected).sort()).toEqual(['Product:1', 'Product:2', 'ROOT_QUERY']);
    for (let page = 0; page < 4; page += 1) expect(renderWrites([answer])).toEqual(expected);
  });

  it('reads an answer back as Apollo does, right after it was put in place and after other writes', () => {
    const answer = { query: HOT, data: hot(['龙井', '碧螺春']), variables: { size: 2 } };
    const plain = new InMemoryCache({ typePolicies, resultCaching: false });
    plain.writeQuery(answer);
    const expected = plain.diff({
      query: HOT,
      variables: { size: 2 },
      returnPartialData: true,
      optimistic: true,
    });
    for (let page = 0; page < 4; page += 1) {
      const cache = createRenderCache();
      cache.writeQuery(answer);
      expect(
        cache.diff({ query: HOT, variables: { size: 2 }, returnPartialData: true, optimistic: true }),
      ).toEqual(expected);
      // A later answer changes a product the first one read: the read-back is the cache's again.
      cache.writeQuery({
        query: NAME_ONLY,
        data: { product: { __typename: 'Product', id: '1', name: '改名', stock: 9 } },
      });
      const after = cache.diff<{ hotProducts?: { records?: Array<{ name: string }> } }>({
        query: HOT,
        variables: { size: 2 },
        returnPartialData: true,
        optimistic: true,
      });
      expect(after.result?.hotProducts?.records?.[0].name).toBe('改名');
    }
  });

  it("reads a kept product's fragment as Apollo does, until the page writes the product again", () => {
    const CARD = gql`
      fragment Card on Product {
        id
        name
        price {
          fen
        }
      }
    `;
    const answer = { query: HOT, data: hot(['龙井', '碧螺春']), variables: { size: 2 } };
    const plain = new InMemoryCache({ typePolicies, resultCaching: false });
    plain.writeQuery(answer);
    const expected = plain.readFragment({ id: 'Product:2', fragment: CARD });
    expect(expected).toMatchObject({ name: '碧螺春', price: { fen: 200 } });
    const reads = [];
    for (let page = 0; page < 4; page += 1) {
      const cache = createRenderCache();
      cache.writeQuery(answer);
      const read = cache.readFragment({ id: 'Product:2', fragment: CARD });
      expect(read).toEqual(expected);
      reads.push(read);
      cache.writeQuery({
        query: NAME_ONLY,
        data: { product: { __typename: 'Product', id: '2', name: '改名', stock: 1 } },
      } as never);
      expect(cache.readFragment({ id: 'Product:2', fragment: CARD })).toMatchObject({ name: '改名' });
    }
    // From the third page on the product came as kept, and so did its read.
    expect(reads[3]).toBe(reads[2]);
  });

  it('reads a kept entity that refers to another from the page it is in', () => {
    const WITH_CATEGORY = gql`
      query WithCategory {
        product(id: "5") {
          __typename
          id
          category {
            __typename
            id
            name
          }
        }
      }
    `;
    const CATEGORY = gql`
      query Category {
        category(id: "9") {
          __typename
          id
          name
        }
      }
    `;
    const FRAGMENT = gql`
      fragment WithCategoryName on Product {
        id
        category {
          id
          name
        }
      }
    `;
    const answer = {
      query: WITH_CATEGORY,
      data: {
        product: {
          __typename: 'Product',
          id: '5',
          category: { __typename: 'Category', id: '9', name: '茶' },
        },
      },
    };
    for (let page = 0; page < 3; page += 1) {
      const cache = createRenderCache();
      cache.writeQuery(answer);
      expect(cache.readFragment({ id: 'Product:5', fragment: FRAGMENT })).toMatchObject({
        category: { name: '茶' },
      });
      cache.writeQuery({
        query: CATEGORY,
        data: { category: { __typename: 'Category', id: '9', name: `茶 ${page}` } },
      });
      expect(cache.readFragment({ id: 'Product:5', fragment: FRAGMENT })).toMatchObject({
        category: { name: `茶 ${page}` },
      });
    }
  });

  it('keeps answers apart by their data and their variables', () => {
    const one = { query: HOT, data: hot(['龙井']), variables: { size: 1 } };
    const other = { query: HOT, data: hot(['白茶']), variables: { size: 1 } };
    const wider = { query: HOT, data: hot(['龙井']), variables: { size: 2 } };
    for (let page = 0; page < 3; page += 1) {
      expect(renderWrites([one])).toEqual(apolloWrites([one]));
      expect(renderWrites([other])).toEqual(apolloWrites([other]));
      expect(renderWrites([wider])).toEqual(apolloWrites([wider]));
    }
    expect(renderWrites([other])['Product:1']).toMatchObject({ name: '白茶' });
  });

  it('writes an answer that meets data already in the page the way Apollo does', () => {
    const earlier = {
      query: NAME_ONLY,
      data: { product: { __typename: 'Product', id: '1', name: '旧名', stock: 3 } },
    };
    const answer = { query: HOT, data: hot(['龙井', '碧螺春']), variables: { size: 2 } };
    for (let page = 0; page < 3; page += 1) renderWrites([answer]);
    const merged = renderWrites([earlier, answer]);
    expect(merged).toEqual(apolloWrites([earlier, answer]));
    expect(merged['Product:1']).toMatchObject({ name: '龙井', stock: 3 });

    // The same list asked again with other products: Apollo replaces it (`merge: false`).
    const longer = { query: HOT, data: hot(['白茶', '普洱', '红茶']), variables: { size: 2 } };
    const replaced = renderWrites([longer, answer]);
    expect(replaced).toEqual(apolloWrites([longer, answer]));
    expect(JSON.stringify(replaced.ROOT_QUERY)).not.toContain('Product:3');
  });

  it('shares what it keeps frozen, so no page can change another', () => {
    const answer = { query: HOT, data: hot(['龙井']), variables: { size: 1 } };
    for (let page = 0; page < 2; page += 1) renderWrites([answer]);
    const cache = createRenderCache();
    cache.writeQuery(answer);
    cache.writeQuery({
      query: NAME_ONLY,
      data: { product: { __typename: 'Product', id: '1', name: '改名', stock: 9 } },
    });
    expect(cache.extract()['Product:1']).toMatchObject({ name: '改名', stock: 9 });
    expect(renderWrites([answer])['Product:1']).toMatchObject({ name: '龙井' });
  });
});
