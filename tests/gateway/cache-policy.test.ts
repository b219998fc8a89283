/**
 * The per-document cache policy (graphql/cache-policy.ts `staticCachePolicy`) reaches what Apollo's per-field
 * cache-control plugin reaches when every selected branch resolves, on a schema that uses every
 * kind of hint (field and type hints, inheritMaxAge, PRIVATE below a public root, unions through
 * fragments, introspection); and it stays strict where a branch resolves to null (the per-field
 * plugin would then never see the hint below it).
 */
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginCacheControl } from '@apollo/server/plugin/cacheControl';
import { buildSchema, type DocumentNode, Kind, type OperationDefinitionNode, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { type Hint, staticCachePolicy } from '../../gateway/src/graphql/cache-policy.ts';

const DEFAULT_MAX_AGE = 30;

const typeDefs = `
  enum CacheControlScope { PUBLIC PRIVATE }
  directive @cacheControl(maxAge: Int, scope: CacheControlScope, inheritMaxAge: Boolean)
    on FIELD_DEFINITION | OBJECT | INTERFACE | UNION
  type Money @cacheControl(inheritMaxAge: true) { amount: Int }
  type Owner { name: String secret: String @cacheControl(maxAge: 0, scope: PRIVATE) }
  type Review @cacheControl(maxAge: 20) { text: String }
  type Product @cacheControl(inheritMaxAge: true) {
    id: ID
    price: Money
    owner: Owner
    reviews: [Review]
    shortLived: String @cacheControl(maxAge: 7)
    privateNote: String @cacheControl(scope: PRIVATE)
  }
  type Banner { title: String }
  union Tile = Product | Banner
  type Query {
    product: Product @cacheControl(maxAge: 60, scope: PUBLIC)
    tiles: [Tile] @cacheControl(maxAge: 120)
    plain: String
    config: Banner
  }
`;

const builtSchema = buildSchema(typeDefs);

const product = {
  id: '1',
  price: { amount: 100 },
  owner: { name: 'a', secret: 's' },
  reviews: [{ text: 'ok' }],
  shortLived: 'x',
  privateNote: 'n',
};
const resolvers = {
  Query: {
    product: () => product,
    tiles: () => [
      { __typename: 'Product', ...product },
      { __typename: 'Banner', title: 't' },
    ],
    plain: () => 'p',
    config: () => ({ title: 'c' }),
  },
  Tile: { __resolveType: (tile: { __typename: string }) => tile.__typename },
};

async function apolloPolicy(query: string): Promise<Hint> {
  let seen: Hint = {};
  const server = new ApolloServer({
    typeDefs,
    resolvers,
    plugins: [
      ApolloServerPluginCacheControl({ defaultMaxAge: DEFAULT_MAX_AGE }),
      {
        async requestDidStart() {
          return {
            async willSendResponse({ overallCachePolicy }) {
              seen = { maxAge: overallCachePolicy.maxAge, scope: overallCachePolicy.scope };
            },
          };
        },
      },
    ],
  });
  await server.start();
  const result = await server.executeOperation({ query });
  await server.stop();
  expect(result.body.kind === 'single' && result.body.singleResult.errors).toBeFalsy();
  return seen;
}

function staticPolicy(query: string): Hint {
  const document: DocumentNode = parse(query);
  const operation = document.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  )!;
  return staticCachePolicy(builtSchema, document, operation, DEFAULT_MAX_AGE);
}

const CASES: Array<[string, string]> = [
  ['a hinted root field with scalars', '{ product { id } }'],
  ['a type that inherits, below it', '{ product { price { amount } } }'],
  ['an object type without a hint gets the default', '{ product { owner { name } } }'],
  ['a PRIVATE field below a public root', '{ product { owner { secret } } }'],
  ['a type hint below an inheriting type', '{ product { reviews { text } } }'],
  ['a scalar field hint', '{ product { shortLived } }'],
  ['a scope-only hint', '{ product { privateNote } }'],
  ['a root field without a hint', '{ plain }'],
  ['a root object without a hint', '{ config { title } }'],
  ['fragments on a union', '{ tiles { ... on Product { shortLived } ... on Banner { title } } }'],
  [
    'a named fragment',
    'query { product { ...P } } fragment P on Product { owner { name } reviews { text } }',
  ],
  ['__typename and introspection', '{ product { __typename id } __schema { queryType { name } } }'],
  ['several roots', '{ product { id } tiles { __typename } plain }'],
];

describe('the per-document cache policy', () => {
  for (const [name, query] of CASES) {
    it(`matches Apollo's per-field plugin: ${name}`, async () => {
      const expected = await apolloPolicy(query);
      const actual = staticPolicy(query);
      expect({ maxAge: actual.maxAge, scope: actual.scope ?? undefined }).toEqual({
        maxAge: expected.maxAge,
        scope: expected.scope ?? undefined,
      });
    });
  }

  it('counts a branch an answer may leave null (stricter, never looser)', () => {
    // With `owner: null` the per-field plugin would never see `secret`; the policy still does.
    expect(staticPolicy('{ product { owner { secret } } }')).toEqual({ maxAge: 0, scope: 'PRIVATE' });
  });
});
