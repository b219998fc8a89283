import { routes } from '@shop/common/rest/routes.ts';
import type { Resolvers } from '../__generated__/resolvers.ts';
import type { GatewayContext } from '../context.ts';
import type { RestTokens } from '../upstream/types.ts';
import { sessionOf } from './helpers.ts';

/** The schema's SessionTransport (default COOKIE) as the session handle's transport. */
const transportOf = (transport: 'COOKIE' | 'BEARER' | null | undefined) =>
  transport === 'BEARER' ? ('bearer' as const) : ('cookie' as const);

/**
 * Whether the request's session is signed in, as the service sees it: a seal that opened is asked about once
 * (the shopper's detail, which `viewer` reads anyway), and a login the service revoked (a logout, a password
 * change) ends here, its cookie cleared by the outcome. An unreachable service logs nobody out: the seal's word stands.
 */
async function signedIn(ctx: GatewayContext): Promise<boolean> {
  if (!ctx.session.isAuthenticated || ctx.session.vouched) return ctx.session.isAuthenticated;
  await ctx.loaders.viewer.load('me').catch(() => undefined);
  return ctx.session.isAuthenticated;
}

/** A payload's `session`: the request's, as the mutation left it. */
const sessionField = { session: (_payload: unknown, _args: unknown, ctx: GatewayContext) => sessionOf(ctx) };

/** Session status, login, register, logout, password change (docs/architecture.md, "The session model"). */
export const sessionResolvers: Resolvers = {
  Query: {
    session: (_root, _args, ctx) => sessionOf(ctx),
  },
  Session: {
    id: () => 'session',
    isAuthenticated: (_session, _args, ctx) => signedIn(ctx),
    defaultPassword: async (_session, _args, ctx) => (await signedIn(ctx)) && ctx.session.defaultPassword,
    viewer: async (_session, _args, ctx) => ((await signedIn(ctx)) ? ctx.loaders.viewer.load('me') : null),
  },
  LoginPayload: {
    ...sessionField,
    viewer: (_payload, _args, ctx) => ctx.loaders.viewer.load('me'),
  },
  RegisterPayload: {
    ...sessionField,
    viewer: (_payload, _args, ctx) => (ctx.session.isAuthenticated ? ctx.loaders.viewer.load('me') : null),
  },
  LogoutPayload: sessionField,
  ChangePasswordPayload: sessionField,
  Mutation: {
    // Inputs go to the service as typed: it applies the form rules (common/validation, trimming
    // included) and its refusals come back as userErrors, the same verdicts the web forms reach.
    login: async (_root, { input }, ctx) => {
      const tokens = await ctx.shop.call(routes.accounts.login, {
        body: { account: input.account, password: input.password },
      });
      ctx.loaders.viewer.clearAll();
      const sessionToken = await ctx.session.establish(tokens, transportOf(input.transport));
      return { sessionToken, defaultPassword: tokens.defaultPassword };
    },
    register: async (_root, { input }, ctx) => {
      const signIn = input.signIn !== false;
      // With signIn the service answers with the new login's tokens: one password hash, not two.
      const answer = await ctx.shop.call(routes.accounts.register, {
        body: {
          username: input.username,
          password: input.password,
          phone: input.phone,
          ...(signIn ? { signIn: true } : {}),
        },
      });
      if (!signIn || !answer.accessToken || !answer.refreshToken)
        return { userId: answer.id, sessionToken: null };
      const tokens: RestTokens = {
        accessToken: answer.accessToken,
        refreshToken: answer.refreshToken,
        defaultPassword: answer.defaultPassword === true,
      };
      ctx.loaders.viewer.clearAll();
      return {
        userId: answer.id,
        sessionToken: await ctx.session.establish(tokens, transportOf(input.transport)),
      };
    },
    logout: async (_root, _args, ctx) => {
      try {
        if (ctx.session.isAuthenticated) {
          await ctx.shop.call(routes.accounts.logout, { body: { refreshToken: ctx.session.refreshToken } });
        }
      } finally {
        ctx.session.clear();
        ctx.loaders.viewer.clearAll();
      }
      return {};
    },
    changePassword: async (_root, { input }, ctx) => {
      await ctx.shop.call(routes.accounts.changePassword, { body: input });
      // Other logins were revoked; rotate this one so the sealed session drops `defaultPassword`.
      const tokens = await ctx.shop.call(routes.accounts.refresh, {
        body: { refreshToken: ctx.session.refreshToken },
      });
      await ctx.session.establish(tokens);
      return {};
    },
  },
};
