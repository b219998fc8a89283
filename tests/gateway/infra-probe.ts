/**
 * A tiny schema for the infrastructure tests: it reaches any REST path through the request's
 * upstream (so status mapping, session and refresh are exercised without depending on the real
 * resolvers) and counts resolver runs (to prove limits refuse an operation before execution).
 */
import { GraphQLScalarType } from 'graphql';
import type { RequestContext } from '../../gateway/src/server.ts';
import type { HttpMethod } from '../../gateway/src/upstream/types.ts';

export const probeTypeDefs = /* GraphQL */ `
  scalar JSON
  enum CacheControlScope { PUBLIC PRIVATE }
  directive @cacheControl(maxAge: Int, scope: CacheControlScope, inheritMaxAge: Boolean)
    on FIELD_DEFINITION | OBJECT | INTERFACE | UNION
  type Query {
    call(method: String = "GET", path: String!, query: JSON, auth: Boolean): JSON
    "Public (its own hint says so): the seeded category tree."
    categories: JSON @cacheControl(maxAge: 30, scope: PUBLIC)
    product(id: ID!): JSON
    "Uncacheable by default (no hint)."
    whoami: JSON
    session: SessionInfo!
    nested: Nest
    ping: String
  }
  type SessionInfo {
    isAuthenticated: Boolean!
    defaultPassword: Boolean!
  }
  type Nest {
    child: Nest
    value: Int
  }
  type Mutation {
    call(method: String!, path: String!, body: JSON, auth: Boolean): JSON
    login(account: String!, password: String!, bearer: Boolean): String
    logout: Boolean
  }
`;

export const resolverRuns = { count: 0 };

const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  serialize: (value) => value,
  parseValue: (value) => value,
});

type Args = { method?: string; path: string; query?: Record<string, never>; body?: unknown; auth?: boolean };

const call = (_: unknown, args: Args, ctx: RequestContext) => {
  resolverRuns.count += 1;
  return ctx.upstream.call({
    method: (args.method ?? 'GET') as HttpMethod,
    path: args.path,
    query: args.query,
    body: args.body,
    auth: args.auth ?? undefined,
  });
};

export const probeResolvers = {
  JSON: JSONScalar,
  Query: {
    call,
    categories: (_: unknown, __: unknown, ctx: RequestContext) => {
      resolverRuns.count += 1;
      return ctx.upstream.call({ method: 'GET', path: '/shop/category/list', auth: false });
    },
    product: (_: unknown, args: { id: string }, ctx: RequestContext) => {
      resolverRuns.count += 1;
      return ctx.upstream.call({ method: 'GET', path: `/shop/product/${args.id}`, auth: false });
    },
    whoami: (_: unknown, __: unknown, ctx: RequestContext) => {
      resolverRuns.count += 1;
      return ctx.upstream.call({ method: 'GET', path: '/shop/shop-user/detail' });
    },
    session: (_: unknown, __: unknown, ctx: RequestContext) => ({
      isAuthenticated: ctx.session.isAuthenticated,
      defaultPassword: ctx.session.defaultPassword,
    }),
    nested: () => {
      resolverRuns.count += 1;
      return { value: 1 };
    },
    ping: () => {
      resolverRuns.count += 1;
      return 'pong';
    },
  },
  Nest: {
    child: () => ({ value: 1 }),
  },
  Mutation: {
    call,
    login: async (
      _: unknown,
      { bearer, ...args }: { account: string; password: string; bearer?: boolean },
      ctx: RequestContext,
    ) => {
      resolverRuns.count += 1;
      const tokens = await ctx.upstream.call<{
        accessToken: string;
        refreshToken: string;
        defaultPassword: boolean;
      }>({ method: 'POST', path: '/shop/shop-user/login', body: args, auth: false });
      return ctx.session.establish(tokens, bearer ? 'bearer' : 'cookie');
    },
    logout: async (_: unknown, __: unknown, ctx: RequestContext) => {
      const refreshToken = ctx.session.refreshToken;
      if (refreshToken) {
        await ctx.upstream.call({ method: 'POST', path: '/shop/shop-user/logout', body: { refreshToken } });
      }
      ctx.session.clear();
      return true;
    },
  },
};
