import type { RequestHandler } from 'express';
import type { AppContext } from '../context.ts';
import { accountResource } from '../modules/accounts/resource.ts';
import type { AuthUser } from './auth.ts';
import { forbidden, unauthorized } from './envelope.ts';

/**
 * The caller's button codes, read from the database at most once however many checks a request
 * passes. It is the walk of GET /account/resource, so a disabled menu row takes its buttons'
 * permissions away here too.
 */
export function lazyButtons(ctx: AppContext, user: AuthUser): () => Promise<ReadonlySet<string>> {
  let buttons: Promise<ReadonlySet<string>> | undefined;
  return () => {
    buttons ??= accountResource(ctx, user, 'zh-CN').then((resource) => new Set(resource.buttons));
    return buttons;
  };
}

/**
 * 403 '无访问权限' unless the caller's menus grant the button `code` (e.g. 'product:edit').
 * Use after requireUser(ctx), which gives the request its caller's buttons.
 */
export function requirePermission(code: string): RequestHandler {
  return async (req, _res, next) => {
    if (!req.user || !req.buttons) throw unauthorized();
    if (!(await req.buttons()).has(code)) throw forbidden();
    next();
  };
}
