/**
 * What a form's server action answers when it refuses a submission sent without JavaScript (see
 * app/form-actions/): the page is rendered again with the form's messages and the values typed,
 * and the browser hydrates from the same answer, so both renders show the same messages.
 */

import { useContext } from 'react';
import { UNSAFE_DataRouterStateContext, UNSAFE_LocationContext } from 'react-router-dom';
import type { MessageId } from '../../i18n/message-ids.ts';

export interface FormResult {
  /** Which form the answer is for (a page may hold several). */
  form: string;
  /** The values typed, to fill the inputs again; secrets (passwords) are never sent back. */
  values: Record<string, string>;
  /** Field → the shared rule's message (a key with parameters, common/validation/message.ts). */
  rules: Record<string, string>;
  /** Field → the service's refusal, already in the shopper's language. */
  refusals: Record<string, string>;
  /** A refusal of the whole submission (a wrong password), already in the shopper's language. */
  message?: string;
  /** A message key when the service could not be asked (the app's own texts). */
  messageId?: MessageId;
  /** The values `messageId`'s text names (a size limit). */
  messageValues?: Record<string, string>;
}

/** Fields whose values never go back into a page (the action leaves them out, the form ignores them). */
export const SECRET_FIELD = /password/i;

const isFormResult = (value: unknown, form: string): value is FormResult =>
  typeof value === 'object' && value !== null && (value as { form?: unknown }).form === form;

/**
 * The server's answer to the last submission of `form`, or null. Read from the router's state
 * rather than `useActionData` so a form shown outside its own route (the login dialog) is not tied
 * to one route.
 */
export function useFormResult(form: string | undefined): FormResult | null {
  const state = useContext(UNSAFE_DataRouterStateContext);
  if (!form || !state?.actionData) return null;
  return Object.values(state.actionData).find((value) => isFormResult(value, form)) ?? null;
}

/**
 * The query field naming the form a server action has just accepted: its 303 leads to the page
 * again with `?done=<form>` (app/form-actions/shared.ts `donePath`), and the page says what the
 * script's toast says. Only a form's name travels, never a text, so an address cannot put words
 * of its own into the shop's page.
 */
export const DONE_FIELD = 'done';

/** Whether the page was reached by accepting `form` without JavaScript (see `donePath`). */
export function useFormDone(form: string | undefined): boolean {
  // read from the context rather than useLocation: a form may be shown outside a router (a dialog
  // mounted on its own), where there is no page to have been reached through
  const search = useContext(UNSAFE_LocationContext)?.location?.search ?? '';
  return form !== undefined && new URLSearchParams(search).get(DONE_FIELD) === form;
}
