import { Router } from 'express';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
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

  router.post('/shop/shop-user/register', async (req, res) => {
    const input = parseInput(registerSchema, req.body);
    ok(req, res, await accounts.registerFrom(ctx, input, req.ip), m['account.registered']);
  });

  router.post('/shop/shop-user/login', async (req, res) => {
    const input = parseInput(loginSchema, req.body);
    ok(req, res, await accounts.login(ctx, input, req.ip));
  });

  router.post('/refresh-token', async (req, res) => {
    const { refreshToken } = parseInput(refreshSchema, req.body);
    ok(req, res, await accounts.refresh(ctx, refreshToken));
  });

  router.post('/shop/shop-user/logout', auth, async (req, res) => {
    const { refreshToken } = parseInput(logoutSchema, req.body);
    await accounts.logout(ctx, req.user!, refreshToken);
    ok(req, res, null);
  });

  router.get('/shop/shop-user/detail', auth, async (req, res) => {
    ok(req, res, await accounts.detail(ctx, req.user!.id));
  });

  router.put('/shop/shop-user', auth, async (req, res) => {
    const input = parseInput(profileSchema, req.body);
    ok(req, res, await accounts.updateProfile(ctx, req.user!.id, input), common['common.saved']);
  });

  router.post('/shop/shop-user/update-password', auth, async (req, res) => {
    const input = parseInput(passwordChangeSchema, req.body);
    await accounts.changePassword(ctx, req.user!, input);
    ok(req, res, null, common['common.ok']);
  });

  router.get('/shop/user/real-name', auth, async (req, res) => {
    ok(req, res, await getRealName(ctx, req.user!.id));
  });

  router.post('/shop/user/real-name', auth, async (req, res) => {
    const input = parseInput(realNameSchema(ctx.now()), req.body);
    ok(req, res, await submitRealName(ctx, req.user!.id, input), common['common.ok']);
  });

  router.get('/account/resource', auth, async (req, res) => {
    ok(req, res, await accountResource(ctx, req.user!, req.locale));
  });

  return router;
}
