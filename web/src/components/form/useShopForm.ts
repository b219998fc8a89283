import { zodResolver } from '@hookform/resolvers/zod';
import { readRuleMessage } from '@shop/common/validation/message.ts';
import type { RuleMessageKey } from '@shop/common/validation/messages.ts';
import { useCallback, useState } from 'react';
import {
  type FieldError,
  type FieldPath,
  type FieldValues,
  get,
  type RegisterOptions,
  type UseFormProps,
  useForm,
} from 'react-hook-form';
import { useIntl } from 'react-intl';
import type { z } from 'zod';
import { fieldErrors } from '../../app/user-errors.ts';
import type { MessageId } from '../../i18n/message-ids.ts';
import './rule-messages.ts';
import { SECRET_FIELD, useFormDone, useFormResult } from './server-result.ts';

/** The error type of a refusal the gateway sent (`userErrors`): its message is already translated. */
const REFUSED = 'refused';

export interface ShopFormOptions<S extends z.ZodType<FieldValues, FieldValues>> {
  /** The form's rules: a shared schema of common/validation, perhaps with fields of this form only. */
  schema: S;
  /** Message keys of the field labels, for '{field} 不能为空'. */
  labels: Partial<Record<FieldPath<z.input<S>>, MessageId>>;
  /**
   * Values to start from, for forms that are never server-rendered (dialogs). A server-rendered
   * form leaves them out (its inputs carry their own `defaultValue`): a registered field with no
   * default takes the value already in its input, so text typed before hydration is kept and
   * nothing resets it (tests/web/form-hydration.test.tsx).
   */
  defaultValues?: UseFormProps<z.input<S>>['defaultValues'];
  /**
   * The form's name in its server action's answers (app/form-actions/): a submission the
   * server refused (sent before or without JavaScript) comes back with its messages and values.
   */
  serverForm?: string;
}

/**
 * react-hook-form with the shop's form behaviour (docs/product.md "Validation"): the shared zod
 * rules, checked when a field is left and on submit (the first invalid field takes the focus);
 * an error disappears as soon as its field is edited; `errorText(name)` is the translated reason
 * for `<Field error>`; `showRefusal(error)` puts a refused mutation's `userErrors` beside their
 * fields.
 */
export function useShopForm<S extends z.ZodType<FieldValues, FieldValues>>({
  schema,
  labels,
  defaultValues,
  serverForm,
}: ShopFormOptions<S>) {
  const intl = useIntl();
  const server = useFormResult(serverForm);
  const done = useFormDone(serverForm);
  // A server message stays until its field is edited or the form is submitted here.
  const [edited, setEdited] = useState<ReadonlySet<string>>(() => new Set());
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema),
    mode: 'onBlur',
    reValidateMode: 'onBlur',
    shouldFocusError: true,
    defaultValues,
  });
  const { register, clearErrors, getFieldState, setError, formState } = form;
  type Name = FieldPath<z.input<S>>;

  const serverShown = server !== null && formState.submitCount === 0;
  const serverError = (name: string) =>
    serverShown && !edited.has(name) ? (server.refusals[name] ?? server.rules[name]) : undefined;

  /**
   * `register` that also clears the field's error (a rule's or the service's) on every edit, with
   * the value the server sent back as the input's default.
   */
  const field = useCallback(
    (name: Name, options?: RegisterOptions<z.input<S>, Name>) => ({
      ...register(name, {
        ...options,
        onChange: (event) => {
          if (getFieldState(name).error) clearErrors(name);
          if (server && (name in server.rules || name in server.refusals))
            setEdited((names) => (names.has(name) ? names : new Set(names).add(name)));
          return options?.onChange?.(event);
        },
      }),
      ...(server?.values[name] === undefined || SECRET_FIELD.test(name)
        ? {}
        : { defaultValue: server.values[name] }),
    }),
    [register, clearErrors, getFieldState, server],
  );

  const errorText = (name: Name): string | undefined => {
    const error = get(formState.errors, name) as FieldError | undefined;
    const fromServer = error?.message ? undefined : serverError(name);
    if (fromServer !== undefined) {
      if (server?.refusals[name] !== undefined) return fromServer;
      return translateRule(fromServer, name);
    }
    if (!error?.message) return undefined;
    if (error.type === REFUSED) return error.message;
    return translateRule(error.message, name);
  };

  function translateRule(message: string, name: Name): string {
    const { key, params } = readRuleMessage(message);
    const label = labels[name];
    return intl.formatMessage(
      // the rules' keys are the shared rule texts' ids (components/form/rule-messages.ts)
      { id: key as RuleMessageKey },
      { ...params, field: label ? intl.formatMessage({ id: label }) : '' },
    );
  }

  /** The server's refusal of the whole submission, shown above the form until it is sent again here. */
  const serverMessage = !serverShown
    ? undefined
    : (server.message ??
      (server.messageId ? intl.formatMessage({ id: server.messageId }, server.messageValues) : undefined));

  /** The server accepted this form (sent without JavaScript) and it has not been sent again here. */
  const serverDone = done && formState.submitCount === 0;

  /** The fields a refused mutation names get its messages; the first of them takes the focus. */
  const showRefusal = useCallback(
    (error: unknown) => {
      Object.entries(fieldErrors(error)).forEach(([name, message], index) => {
        setError(name as Name, { type: REFUSED, message }, { shouldFocus: index === 0 });
      });
    },
    [setError],
  );

  return {
    ...form,
    field,
    errorText,
    serverMessage,
    serverDone,
    showRefusal,
    submitting: formState.isSubmitting,
  };
}
