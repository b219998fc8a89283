// biome-ignore-all lint/suspicious/noExplicitAny: GraphQL answers are asserted field by field
/**
 * `@purgesCatalogue` as the gateway acts on it, on a small schema of its own so each outcome can be
 * provoked: a marked mutation that succeeds drops every public answer the response cache kept (the
 * next read reaches the resolvers), while an unmarked one, a marked one refused with userErrors, or
 * one that failed leaves the cache as it was (a caller without the permission cannot empty it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayHarness, startGatewayHarness } from './harness.ts';

const typeDefs = /* GraphQL */ `
  enum CacheControlScope { PUBLIC PRIVATE }
  directive @cacheControl(maxAge: Int, scope: CacheControlScope, inheritMaxAge: Boolean)
    on FIELD_DEFINITION | OBJECT | INTERFACE | UNION
  directive @purgesCatalogue on FIELD_DEFINITION
  type Query {
    price: Int @cacheControl(maxAge: 60, scope: PUBLIC)
  }
  type Refusal { message: String! }
  type Payload { price: Int, userErrors: [Refusal!]! }
  type Mutation {
    setPrice(to: Int!): Payload! @purgesCatalogue
    setPriceQuietly(to: Int!): Payload!
    refusePrice(to: Int!): Payload! @purgesCatalogue
    failPrice(to: Int!): Payload! @purgesCatalogue
  }
`;

describe('gateway: @purgesCatalogue', () => {
  let h: GatewayHarness;
  let price = 100;
  let reads = 0;

  beforeAll(async () => {
    const set = (_: unknown, { to }: { to: number }) => {
      price = to;
      return { price, userErrors: [] };
    };
    h = await startGatewayHarness({
      typeDefs,
      resolvers: {
        Query: {
          price: () => {
            reads += 1;
            return price;
          },
        },
        Mutation: {
          setPrice: set,
          setPriceQuietly: set,
          // The service changed nothing: the refusal is data, as resolvers/user-errors.ts answers it.
          refusePrice: () => ({ price: null, userErrors: [{ message: 'refused' }] }),
          failPrice: () => {
            throw new Error('upstream failed');
          },
        },
      },
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  const read = async () => ((await h.gql<any>('{ price }')).data as any).price as number;
  const mutate = async (name: string, to: number) => h.gql<any>(`mutation { ${name}(to: ${to}) { price } }`);

  it('drops public answers after a marked mutation succeeds, and only then', async () => {
    expect(await read()).toBe(100);
    const before = reads;
    expect(await read()).toBe(100);
    expect(reads).toBe(before); // kept: the cache is on

    await mutate('setPriceQuietly', 150);
    expect(await read()).toBe(100); // not marked: the kept answer stands
    expect(reads).toBe(before);

    await mutate('refusePrice', 175);
    expect(await read()).toBe(100);
    expect(reads).toBe(before);

    const failed = await mutate('failPrice', 180);
    expect(failed.errors?.length).toBeGreaterThan(0);
    expect(await read()).toBe(100);
    expect(reads).toBe(before);

    const done = await mutate('setPrice', 200);
    expect(done.errors).toBeUndefined();
    // The very next read, as soon as the answer arrived: nothing kept before is served.
    expect(await read()).toBe(200);
    expect(reads).toBe(before + 1);
    expect(await read()).toBe(200);
    expect(reads).toBe(before + 1); // and the new answer is kept again
  });

  it('purges once for a request with several marked fields, under aliases too', async () => {
    expect(await read()).toBe(price);
    const before = reads;
    const res = await h.gql<any>(
      'mutation { a: setPrice(to: 300) { price } b: setPrice(to: 310) { price } }',
    );
    expect(res.errors).toBeUndefined();
    expect(await read()).toBe(310);
    expect(reads).toBe(before + 1);
  });
});
