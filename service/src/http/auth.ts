import type { RequestHandler } from 'express';
import type { AppContext } from '../context.ts';
import { common } from '../i18n/common.ts';
import { forbidden, unauthorized } from './envelope.ts';
import { lazyButtons } from './permissions.ts';

export interface AuthUser {
  id: number;
  account: string;
  sessionId: string;
  isAdmin: boolean;
}

export const ADMIN_ACCOUNT = 'admin';

/**
 * 401 unless a valid, unexpired access token of a live session is presented. A request already
 * checked (the back office's routers each guard /admin, and a request passes several) is not
 * checked again.
 */
export function requireUser(ctx: AppContext): RequestHandler {
  return async (req, _res, next) => {
    if (req.user) return next();
    const header = req.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw unauthorized();
    const result = await ctx.tokens.verify(match[1]);
    if (!result.ok)
      throw unauthorized(result.reason === 'expired' ? common['common.tokenExpired'] : undefined);
    const { userId, account, sessionId } = result.claims;
    // Logout and password change revoke the family; its access tokens die with it.
    const live = await ctx.db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('family_id', '=', sessionId)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .limit(1)
      .executeTakeFirst();
    if (!live) throw unauthorized(common['common.tokenExpired']);
    req.user = { id: userId, account, sessionId, isAdmin: account === ADMIN_ACCOUNT };
    req.buttons = lazyButtons(ctx, req.user);
    next();
  };
}

/** 403 '无访问权限' for anyone but the admin. Use after requireUser. */
export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (!req.user?.isAdmin) throw forbidden();
  next();
};
