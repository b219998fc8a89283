import type { FormEventHandler, ReactNode } from 'react';
import { FormAlert } from '../components/form/index.ts';
import { ACCOUNT_ACTION } from './redirect.ts';

/**
 * The frame of a sign-in or sign-up form, which the server takes too when no script has
 * (web/src/app/form-actions/account.ts): a POST naming its intent and the place to return to, with
 * the server's refusal of the whole form above the fields.
 */
export function AccountForm(props: {
  intent: 'login' | 'register';
  label: string;
  redirectTo: string | null | undefined;
  serverMessage: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <form method="post" action={ACCOUNT_ACTION} onSubmit={props.onSubmit} noValidate aria-label={props.label}>
      <input type="hidden" name="intent" value={props.intent} />
      {props.redirectTo && <input type="hidden" name="redirect" value={props.redirectTo} />}
      {props.serverMessage && <FormAlert>{props.serverMessage}</FormAlert>}
      {props.children}
    </form>
  );
}
