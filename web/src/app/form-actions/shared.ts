/**
 * What the forms' server actions share: reading the form, the shared rules' messages, running a
 * mutation through the render's in-process Apollo client, and the answer that shows the form again.
 */
import { type ApolloClient, CombinedGraphQLErrors } from '@apollo/client';
import { sameSitePath } from '@shop/common/redirect-target.ts';
import { type ActionFunctionArgs, data, redirect } from 'react-router-dom';
import type { z } from 'zod';
import { SessionDocument } from '../../__generated__/graphql.ts';
import { DONE_FIELD, type FormResult, SECRET_FIELD } from '../../components/form/server-result.ts';
import { errorText } from '../../features/page/errors.ts';
import { fieldErrors, MutationRefused, type UserErrorLike } from '../user-errors.ts';

/** A file sent with a form (multipart), as the page server hands it on. */
export interface FormFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

/** What the shop's upload answered: the stored file's address, or its refusal in the page's language. */
export type FormUploadAnswer = { url: string } | { refused: string };

/** What the server render hands its actions (the `requestContext` of the static handler's query). */
export interface FormActionContext {
  /** The render's Apollo client: operations run in-process with the request's session. */
  client: ApolloClient;
  /**
   * Stores a file as the browser's upload does (the service's upload route, with the request's
   * session, limits and content check); absent when the process rendering the page has no upload.
   */
  upload?: (file: FormFile) => Promise<FormUploadAnswer>;
}

export const contextOf = (args: ActionFunctionArgs) => args.context as FormActionContext;

/** Whether the request's session is signed in (read as the shell reads it). */
export async function signedIn(client: ApolloClient): Promise<boolean> {
  const { data: result } = await client.query({ query: SessionDocument, errorPolicy: 'all' });
  return result?.session.isAuthenticated === true;
}

/** A field of the form as text ('' when absent). */
export const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/** The values to fill the form with again: everything typed except secrets. */
export function typedValues(form: FormData, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    names.filter((name) => !SECRET_FIELD.test(name)).map((name) => [name, text(form, name)]),
  );
}

/** The first rule message of each field (the web form shows one per field). */
export function ruleMessages(error: z.ZodError): Record<string, string> {
  const rules: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? '');
    if (name && !(name in rules)) rules[name] = issue.message;
  }
  return rules;
}

/**
 * A 303 to the next page, as every accepted form ends (a reload never sends it again). The path
 * is written as a Location can carry it; one that is not a path of this site goes to /home.
 */
export const redirectTo = (path: string) => redirect(sameSitePath(path) ?? '/home', 303);

/** The page `address` again with the mark that `form` was accepted there (its query, `?lang=`, kept). */
export function donePath(address: URL, form: string): string {
  const search = new URLSearchParams(address.search);
  search.set(DONE_FIELD, form);
  return `${address.pathname}?${search}`;
}

/** The form again, with its messages: 400, never cached (the gateway sends POST answers as no-store). */
export const refuse = (result: Omit<FormResult, 'rules' | 'refusals'> & Partial<FormResult>) =>
  data<FormResult>({ rules: {}, refusals: {}, ...result }, { status: 400 });

/**
 * Runs a mutation (with `errorPolicy: 'all'`) and returns its payload, or throws:
 * `MutationRefused` for `userErrors`, the Apollo error for a failed call.
 */
export async function mutatePayload<P extends { userErrors: ReadonlyArray<UserErrorLike> }>(
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
export function failure(form: string, values: Record<string, string>, error: unknown) {
  if (error instanceof MutationRefused) {
    const refusals = fieldErrors(error);
    const general = error.userErrors.find((userError) => !userError.field?.length);
    const message = general?.message ?? (Object.keys(refusals).length > 0 ? undefined : error.message);
    return refuse({ form, values, refusals, ...(message ? { message } : {}) });
  }
  const message = CombinedGraphQLErrors.is(error) ? errorText(error) : undefined;
  return refuse({ form, values, ...(message ? { message } : { messageId: 'app.networkError' }) });
}
