import { routes } from '@shop/common/rest/routes.ts';
import { Router } from 'express';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { on } from '../../http/route.ts';
import { parseInput } from '../../http/validate.ts';
import { common } from '../../i18n/common.ts';
import { accountMessages as m } from './messages.ts';
import { getRealName, submitRealName } from './real-name.ts';
import { accountResource } from './resource.ts';
import {
  loginSchema,
  logoutSchema,
  passwordChangeSchema,
  profileSchema,
  realNameSchema,
  refreshSchema,
  registerSchema,
} from './schemas.ts';
import * as accounts from './service.ts';

/** Accounts and sessions: register, login, tokens, profile, password, real name, menus. */
export function accountRoutes(ctx: AppContext): Router {
  const router = Router();
  const auth = requireUser(ctx);

  on(router, routes.accounts.register, async (req, res) => {
    const input = parseInput(registerSchema, req.body);
    ok(req, res, await accounts.registerFrom(ctx, input, req.ip), m['account.registered']);
  });

  on(router, routes.accounts.login, async (req, res) => {
    const input = parseInput(loginSchema, req.body);
    ok(req, res, await accounts.login(ctx, input, req.ip));
  });

  on(router, routes.accounts.refresh, async (req, res) => {
    const { refreshToken } = parseInput(refreshSchema, req.body);
    ok(req, res, await accounts.refresh(ctx, refreshToken));
  });

  on(router, routes.accounts.logout, auth, async (req, res) => {
    const { refreshToken } = parseInput(logoutSchema, req.body);
    await accounts.logout(ctx, req.user!, refreshToken);
    ok(req, res, null);
  });

  on(router, routes.accounts.detail, auth, async (req, res) => {
    ok(req, res, await accounts.detail(ctx, req.user!.id));
  });

  on(router, routes.accounts.updateProfile, auth, async (req, res) => {
    const input = parseInput(profileSchema, req.body);
    ok(req, res, await accounts.updateProfile(ctx, req.user!.id, input), common['common.saved']);
  });

  on(router, routes.accounts.changePassword, auth, async (req, res) => {
    const input = parseInput(passwordChangeSchema, req.body);
    await accounts.changePassword(ctx, req.user!, input);
    ok(req, res, null, common['common.ok']);
  });

  on(router, routes.accounts.realName, auth, async (req, res) => {
    ok(req, res, await getRealName(ctx, req.user!.id));
  });

  on(router, routes.accounts.verifyRealName, auth, async (req, res) => {
    const input = parseInput(realNameSchema(ctx.now()), req.body);
    ok(req, res, await submitRealName(ctx, req.user!.id, input), common['common.ok']);
  });

  on(router, routes.accounts.resources, auth, async (req, res) => {
    ok(req, res, await accountResource(ctx, req.user!, req.locale));
  });

  return router;
}
