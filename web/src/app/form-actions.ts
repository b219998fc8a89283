/**
 * The server's side of the shop's forms: what a form submitted without JavaScript (scripts off,
 * or typed into before they loaded) does. Each is a React Router route action, run by the server
 * render's static handler for a POST (entry-server.tsx); the browser's router never runs them (with
 * JavaScript, each form's own handler takes the submission). An action reads the form, checks it
 * with the same shared rules as the web form (common/validation), calls the same mutation the
 * browser would send, through the render's in-process Apollo client (the gateway's own schema,
 * session and safelist), and answers a 303 to the next page or the form again (400) with its
 * messages and values (app/../components/form/server-result.ts). Kept out of the browser's
 * bundle: only the server entry imports this module.
 */
import { type ApolloClient, CombinedGraphQLErrors } from '@apollo/client';
import {
  type ActionFunction,
  type ActionFunctionArgs,
  data,
  type RouteObject,
  redirect,
} from 'react-router-dom';
import type { z } from 'zod';
import { loginSchema, registerSchema } from '../../../common/validation/accounts.ts';
import {
  AddToCartDocument,
  LoginDocument,
  LogoutDocument,
  RegisterDocument,
  SessionDocument,
  UpdateCartLineDocument,
} from '../__generated__/graphql.ts';
import { loginPath, safeRedirect } from '../auth/redirect.ts';
import type { FormResult } from '../components/form/server-result.ts';
import { errorText } from '../features/page/errors.ts';
import { fieldErrors, MutationRefused, type UserErrorLike } from './user-errors.ts';

/** What the server render hands its actions (the `requestContext` of the static handler's query). */
export interface FormActionContext {
  /** The render's Apollo client: operations run in-process with the request's session. */
  client: ApolloClient;
}

/** Whether the request's session is signed in (read as the shell reads it). */
async function signedIn(client: ApolloClient): Promise<boolean> {
  const { data: result } = await client.query({ query: SessionDocument, errorPolicy: 'all' });
  return result?.session.isAuthenticated === true;
}

/** Form fields whose values never go back into the page. */
const SECRET = /password/i;

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/** The values to fill the form with again: everything typed except secrets. */
function typedValues(form: FormData, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    names.filter((name) => !SECRET.test(name)).map((name) => [name, text(form, name)]),
  );
}

/** The first rule message of each field (the web form shows one per field). */
function ruleMessages(error: z.ZodError): Record<string, string> {
  const rules: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? '');
    if (name && !(name in rules)) rules[name] = issue.message;
  }
  return rules;
}

/** The form again, with its messages: 400, never cached (the gateway sends POST answers as no-store). */
const refuse = (result: Omit<FormResult, 'rules' | 'refusals'> & Partial<FormResult>) =>
  data<FormResult>({ rules: {}, refusals: {}, ...result }, { status: 400 });

/**
 * Runs a mutation and returns its payload, or throws: `MutationRefused` for `userErrors`, the
 * Apollo error for a failed call.
 */
async function mutatePayload<P extends { userErrors: ReadonlyArray<UserErrorLike> }>(
  run: () => Promise<{ data?: unknown; error?: unknown }>,
  pick: (data: never) => P | null | undefined,
): Promise<P> {
  const { data: result, error } = await run();
  if (error) throw error;
  const payload = pick(result as never);
  if (!payload) throw new MutationRefused([]);
  if (payload.userErrors.length > 0) throw new MutationRefused(payload.userErrors);
  return payload;
}

/** A failed mutation as the form's messages: refusals beside their fields, the rest above the form. */
function failure(form: string, values: Record<string, string>, error: unknown) {
  if (error instanceof MutationRefused) {
    const refusals = fieldErrors(error);
    const general = error.userErrors.find((userError) => !userError.field?.length);
    const message = general?.message ?? (Object.keys(refusals).length > 0 ? undefined : error.message);
    return refuse({ form, values, refusals, ...(message ? { message } : {}) });
  }
  const message = CombinedGraphQLErrors.is(error) ? errorText(error) : undefined;
  return refuse({ form, values, ...(message ? { message } : { messageId: 'app.networkError' }) });
}

const contextOf = (args: ActionFunctionArgs) => args.context as FormActionContext;

/** /login: sign in, register (and sign in), or sign out; each ends on the page the shopper came for. */
async function accountAction(args: ActionFunctionArgs) {
  const { client } = contextOf(args);
  const form = await args.request.formData();
  const intent = text(form, 'intent');
  const next = safeRedirect(text(form, 'redirect'));

  if (intent === 'logout') {
    // Signed out whatever the service says: the session cookie is cleared by the gateway.
    await client.mutate({ mutation: LogoutDocument, variables: { input: {} }, errorPolicy: 'all' });
    return redirect('/login', 303);
  }

  if (intent === 'register') {
    const values = typedValues(form, ['username', 'password', 'phone']);
    const parsed = registerSchema.safeParse({
      username: text(form, 'username'),
      password: text(form, 'password'),
      phone: text(form, 'phone'),
    });
    if (!parsed.success) return refuse({ form: 'register', values, rules: ruleMessages(parsed.error) });
    try {
      await mutatePayload(
        () =>
          client.mutate({
            mutation: RegisterDocument,
            variables: { input: { ...parsed.data, signIn: true } },
            errorPolicy: 'all',
          }),
        (result: { register?: { userErrors: UserErrorLike[] } }) => result?.register,
      );
    } catch (error) {
      return failure('register', values, error);
    }
    return redirect(next, 303);
  }

  const values = typedValues(form, ['account', 'password']);
  const parsed = loginSchema.safeParse({ account: text(form, 'account'), password: text(form, 'password') });
  if (!parsed.success) return refuse({ form: 'login', values, rules: ruleMessages(parsed.error) });
  try {
    await mutatePayload(
      () => client.mutate({ mutation: LoginDocument, variables: { input: parsed.data }, errorPolicy: 'all' }),
      (result: { login?: { userErrors: UserErrorLike[] } }) => result?.login,
    );
  } catch (error) {
    return failure('login', values, error);
  }
  return redirect(next, 303);
}

/** A positive whole quantity from a form field, or null. */
function quantityOf(form: FormData): number | null {
  const value = text(form, 'quantity').trim();
  if (!/^\d{1,9}$/.test(value)) return null;
  const quantity = Number(value);
  return quantity >= 1 ? quantity : null;
}

/** A product page: add the product to the cart, then show the cart (visitors log in first). */
async function addToCartAction(args: ActionFunctionArgs) {
  const { client } = contextOf(args);
  const form = await args.request.formData();
  const here = new URL(args.request.url);
  if (!(await signedIn(client))) return redirect(loginPath(here.pathname + here.search), 303);
  const values = typedValues(form, ['productId', 'quantity']);
  const quantity = quantityOf(form);
  if (quantity === null) return refuse({ form: 'addToCart', values, messageId: 'validation.enterQuantity' });
  try {
    await mutatePayload(
      () =>
        client.mutate({
          mutation: AddToCartDocument,
          variables: { input: { productId: text(form, 'productId'), quantity } },
          errorPolicy: 'all',
        }),
      (result: { addToCart?: { userErrors: UserErrorLike[] } }) => result?.addToCart,
    );
  } catch (error) {
    return failure('addToCart', values, error);
  }
  return redirect('/cart', 303);
}

/** /cart: change a line's quantity, then show the cart again. */
async function cartAction(args: ActionFunctionArgs) {
  const { client } = contextOf(args);
  const form = await args.request.formData();
  if (!(await signedIn(client))) return redirect(loginPath('/cart'), 303);
  const lineId = text(form, 'lineId');
  const values = typedValues(form, ['lineId', 'quantity']);
  const quantity = quantityOf(form);
  if (quantity === null)
    return refuse({ form: `cartLine:${lineId}`, values, messageId: 'validation.enterQuantity' });
  try {
    await mutatePayload(
      () =>
        client.mutate({
          mutation: UpdateCartLineDocument,
          variables: { input: { lineId, quantity } },
          errorPolicy: 'all',
        }),
      (result: { updateCartLine?: { userErrors: UserErrorLike[] } }) => result?.updateCartLine,
    );
  } catch (error) {
    return failure(`cartLine:${lineId}`, values, error);
  }
  return redirect('/cart', 303);
}

/** Route path → the action of the forms on that route's page. */
const ACTIONS: Record<string, ActionFunction> = {
  login: accountAction,
  cart: cartAction,
  'goods/detail/:productId?': addToCartAction,
  'category/goods-detail/:productId?': addToCartAction,
};

/** The route table with the forms' actions, for the server's static handler only. */
export function withFormActions(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const action = route.path ? ACTIONS[route.path] : undefined;
    const children = route.children ? withFormActions(route.children) : undefined;
    return { ...route, ...(action ? { action } : {}), ...(children ? { children } : {}) } as RouteObject;
  });
}
