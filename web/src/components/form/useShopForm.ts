import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback } from 'react';
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
import { readRuleMessage } from '../../../../common/validation/message.ts';
import { fieldErrors } from '../../app/user-errors.ts';
import './rule-messages.ts';

/** The error type of a refusal the gateway sent (`userErrors`): its message is already translated. */
const REFUSED = 'refused';

export interface ShopFormOptions<S extends z.ZodType<FieldValues, FieldValues>> {
  /** The form's rules: a shared schema of common/validation, perhaps with fields of this form only. */
  schema: S;
  /** Message keys of the field labels, for '{field} 不能为空'. */
  labels: Partial<Record<FieldPath<z.input<S>>, string>>;
  /**
   * Values to start from, for forms that are never server-rendered (dialogs). A server-rendered
   * form leaves them out (its inputs carry their own `defaultValue`): a registered field with no
   * default takes the value already in its input, so text typed before hydration is kept and
   * nothing resets it (tests/web/form-hydration.test.tsx).
   */
  defaultValues?: UseFormProps<z.input<S>>['defaultValues'];
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
}: ShopFormOptions<S>) {
  const intl = useIntl();
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema),
    mode: 'onBlur',
    reValidateMode: 'onBlur',
    shouldFocusError: true,
    defaultValues,
  });
  const { register, clearErrors, getFieldState, setError, formState } = form;
  type Name = FieldPath<z.input<S>>;

  /** `register` that also clears the field's error (a rule's or the service's) on every edit. */
  const field = useCallback(
    (name: Name, options?: RegisterOptions<z.input<S>, Name>) =>
      register(name, {
        ...options,
        onChange: (event) => {
          if (getFieldState(name).error) clearErrors(name);
          return options?.onChange?.(event);
        },
      }),
    [register, clearErrors, getFieldState],
  );

  const errorText = (name: Name): string | undefined => {
    const error = get(formState.errors, name) as FieldError | undefined;
    if (!error?.message) return undefined;
    if (error.type === REFUSED) return error.message;
    const { key, params } = readRuleMessage(error.message);
    const label = labels[name];
    return intl.formatMessage(
      { id: key },
      { ...params, field: label ? intl.formatMessage({ id: label }) : '' },
    );
  };

  /** The fields a refused mutation names get its messages; the first of them takes the focus. */
  const showRefusal = useCallback(
    (error: unknown) => {
      Object.entries(fieldErrors(error)).forEach(([name, message], index) => {
        setError(name as Name, { type: REFUSED, message }, { shouldFocus: index === 0 });
      });
    },
    [setError],
  );

  return { ...form, field, errorText, showRefusal, submitting: formState.isSubmitting };
}
