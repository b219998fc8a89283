/**
 * The response cache plugin on its own (gateway/src/graphql/response-cache.ts), in an Apollo
 * Server with a small schema: what it keeps, for whom, and under which key. Operations run
 * through `executeOperation`, as the server render runs them.
 */
import { ApolloServer, HeaderMap } from '@apollo/server';
import { ApolloServerPluginCacheControl } from '@apollo/server/plugin/cacheControl';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deepFreeze } from '../../common/freeze.ts';
import { responseStore } from '../../gateway/src/cache/entries.ts';
import { responseCache, stringifyResult } from '../../gateway/src/graphql/response-cache.ts';

interface Context {
  session: string | null;
  usable: boolean;
}

const typeDefs = `
  enum CacheControlScope { PUBLIC PRIVATE }
  directive @cacheControl(maxAge: Int, scope: CacheControlScope, inheritMaxAge: Boolean) on FIELD_DEFINITION | OBJECT
  type Query {
    echo(n: Int!): Int @cacheControl(maxAge: 60)
    mine: String @cacheControl(maxAge: 60, scope: PRIVATE)
    failing: Int @cacheControl(maxAge: 60)
    uncacheable: Int
  }
  type Mutation { bump: Int @cacheControl(maxAge: 60) }
`;

describe('response cache plugin', () => {
  const calls: Record<string, number> = {};
  const count = (field: string) => {
    calls[field] = (calls[field] ?? 0) + 1;
  };
  let apollo: ApolloServer<Context>;
  const run = async (query: string, context: Partial<Context> = {}) => {
    const answer = await apollo.executeOperation(
      { query },
      { contextValue: { session: null, usable: true, ...context } },
    );
    if (answer.body.kind !== 'single') throw new Error('incremental answer');
    return answer.body.singleResult;
  };

  beforeAll(async () => {
    apollo = new ApolloServer<Context>({
      typeDefs,
      stringifyResult,
      resolvers: {
        Query: {
          echo: async (_: unknown, { n }: { n: number }) => {
            count('echo');
            // the later of two operations started together finishes first
            await new Promise((resolve) => setTimeout(resolve, n === 1 ? 20 : 1));
            return n;
          },
          mine: (_: unknown, __: unknown, { session }: Context) => {
            count('mine');
            return `for ${session}`;
          },
          failing: () => {
            count('failing');
            throw new Error('no');
          },
          uncacheable: () => {
            count('uncacheable');
            return 1;
          },
        },
        Mutation: {
          bump: () => {
            count('bump');
            return 1;
          },
        },
      },
      plugins: [
        ApolloServerPluginCacheControl({ defaultMaxAge: 0 }),
        responseCache<Context>({
          store: responseStore(null, { maxEntries: 100, maxSize: 1 << 20 }, pino({ level: 'silent' })),
          sessionId: async ({ session }) => session,
          usable: ({ usable }) => usable,
          mayKeepPrivate: async ({ session }) => session !== 'ending',
          extraKey: () => 'en',
        }),
      ],
    });
    await apollo.start();
  });
  afterAll(() => apollo.stop());

  it('keeps each of two operations run at once under its own key', async () => {
    // The first to start is the last to finish.
    const [one, two] = await Promise.all([run('{ echo(n: 1) }'), run('{ echo(n: 2) }')]);
    expect([one.data, two.data]).toEqual([{ echo: 1 }, { echo: 2 }]);
    const before = calls.echo;
    expect((await run('{ echo(n: 1) }')).data).toEqual({ echo: 1 });
    expect((await run('{ echo(n: 2) }')).data).toEqual({ echo: 2 });
    expect(calls.echo).toBe(before);
  });

  it('hands every hit the same answer, which no reader can change for the next', async () => {
    await run('{ echo(n: 5) }');
    const hit = await run('{ echo(n: 5) }');
    expect(Object.isFrozen(hit.data)).toBe(true);
    expect(() => {
      (hit.data as { echo: number }).echo = 6;
    }).toThrow(TypeError);
    expect((await run('{ echo(n: 5) }')).data).toEqual({ echo: 5 });
  });

  it('shares a public answer between visitors and signed-in shoppers', async () => {
    await run('{ echo(n: 3) }');
    const before = calls.echo;
    expect((await run('{ echo(n: 3) }', { session: 'a' })).data).toEqual({ echo: 3 });
    expect(calls.echo).toBe(before);
  });

  it('keeps a private answer for its session alone, and not for a session that is ending', async () => {
    expect((await run('{ mine }', { session: 'a' })).data).toEqual({ mine: 'for a' });
    expect((await run('{ mine }', { session: 'a' })).data).toEqual({ mine: 'for a' });
    expect(calls.mine).toBe(1);
    expect((await run('{ mine }', { session: 'b' })).data).toEqual({ mine: 'for b' });
    expect((await run('{ mine }')).data).toEqual({ mine: 'for null' });
    expect((await run('{ mine }')).data).toEqual({ mine: 'for null' });
    expect(calls.mine).toBe(4);
    await run('{ mine }', { session: 'ending' });
    await run('{ mine }', { session: 'ending' });
    expect(calls.mine).toBe(6);
  });

  it('keeps no answer with errors, no uncacheable answer and no mutation', async () => {
    for (const query of ['{ failing }', '{ uncacheable }', 'mutation { bump }']) {
      await run(query);
      await run(query);
    }
    expect([calls.failing, calls.uncacheable, calls.bump]).toEqual([2, 2, 2]);
  });

  it('neither reads nor keeps anything when the cache is not usable for the request', async () => {
    const before = calls.echo;
    await run('{ echo(n: 4) }', { usable: false });
    await run('{ echo(n: 4) }', { usable: false });
    await run('{ echo(n: 4) }');
    expect(calls.echo).toBe(before + 3);
    await run('{ echo(n: 4) }');
    expect(calls.echo).toBe(before + 3);
  });

  it('writes out a kept answer once: every hit sends the text its first answer had', async () => {
    const overHttp = async (n: number) => {
      const answer = await apollo.executeHTTPGraphQLRequest({
        httpGraphQLRequest: {
          method: 'POST',
          headers: new HeaderMap([['content-type', 'application/json']]),
          search: '',
          body: { query: `{ echo(n: ${n}) }` },
        },
        context: async () => ({ session: null, usable: true }),
      });
      if (answer.body.kind !== 'complete') throw new Error('streamed answer');
      return answer.body.string;
    };
    const first = await overHttp(7);
    expect(first).toBe('{"data":{"echo":7}}\n');
    const hit = await overHttp(7);
    expect(hit).toBe(first);
    expect(await overHttp(8)).toBe('{"data":{"echo":8}}\n');
  });
});

describe('the text of an answer', () => {
  it('is written once for a frozen answer and afresh for any other', () => {
    const kept = deepFreeze({ product: { name: 'cup', price: 5900 } });
    const once = stringifyResult({ data: kept });
    expect(once).toBe('{"data":{"product":{"name":"cup","price":5900}}}\n');
    // Given again, it is not written again.
    const writes = vi.spyOn(JSON, 'stringify');
    expect(stringifyResult({ data: kept })).toBe(once);
    expect(writes).not.toHaveBeenCalled();
    writes.mockRestore();
    const open: { product: { name: string } } = { product: { name: 'cup' } };
    expect(stringifyResult({ data: open })).toBe('{"data":{"product":{"name":"cup"}}}\n');
    open.product.name = 'mug';
    expect(stringifyResult({ data: open })).toBe('{"data":{"product":{"name":"mug"}}}\n');
    const errors = [{ message: 'no' }];
    expect(stringifyResult({ errors, data: kept })).toBe(
      '{"errors":[{"message":"no"}],"data":{"product":{"name":"cup","price":5900}}}\n',
    );
  });
});
