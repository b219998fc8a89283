/**
 * The server's side of the shop's forms: what a form submitted without JavaScript (scripts off,
 * or typed into before they loaded) does. Each is a React Router route action, run by the server
 * render's static handler for a POST (entry-server.tsx); the browser's router never runs them (with
 * JavaScript, each form's own handler takes the submission). An action reads the form, checks it
 * with the same shared rules as the web form (common/validation), calls the same mutation the
 * browser would send, through the render's in-process Apollo client (the gateway's own schema,
 * session and safelist), and answers a 303 to the next page or the form again (400) with its
 * messages and values (components/form/server-result.ts). Kept out of the browser's bundle: only
 * the server entry imports this module.
 */
import { type ActionFunction, matchRoutes, type RouteObject } from 'react-router-dom';
import { accountAction, userCenterAction } from './account.ts';
import { addToCartAction, cartAction } from './cart.ts';
import { confirmOrderAction } from './checkout.ts';
import { orderAction } from './orders.ts';

export type { FormActionContext, FormFile, FormUploadAnswer } from './shared.ts';

/** Route path → the action of the forms on that route's page. */
const ACTIONS: Record<string, ActionFunction> = {
  login: accountAction,
  'user/center/:menuKey?': userCenterAction,
  cart: cartAction,
  'order/confirm': confirmOrderAction,
  'user/center/orders/:orderId': orderAction,
  'goods/detail/:productId?': addToCartAction,
  'category/goods-detail/:productId?': addToCartAction,
};

/** Routes whose forms may carry a file (multipart/form-data): the avatar of the personal centre. */
const FILE_ROUTES: ReadonlySet<string> = new Set(['user/center/:menuKey?']);

/** The route table with the forms' actions, for the server's static handler only. */
export function withFormActions(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const action = route.path ? ACTIONS[route.path] : undefined;
    const children = route.children ? withFormActions(route.children) : undefined;
    return { ...route, ...(action ? { action } : {}), ...(children ? { children } : {}) } as RouteObject;
  });
}

/**
 * Whether a POST to `pathname` has a form to run: the route the static handler would give it (the
 * deepest match) has an action. Any other page answers such a POST 405 (the gateway's form posts).
 */
export function acceptsFormAt(routes: RouteObject[], pathname: string): boolean {
  const path = matchRoutes(routes, pathname)?.at(-1)?.route.path;
  return path !== undefined && Object.hasOwn(ACTIONS, path);
}

/** Whether a form sent to `pathname` may carry a file (multipart); every other form is urlencoded. */
export function acceptsFilesAt(routes: RouteObject[], pathname: string): boolean {
  const path = matchRoutes(routes, pathname)?.at(-1)?.route.path;
  return path !== undefined && FILE_ROUTES.has(path);
}
