import { type ChangeEvent, type FormEvent, useCallback, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';

/** A message key with values, or a plain key; translated by the form. */
export type MessageRef = string | { id: string; values?: Record<string, string | number> };

export type Values = Record<string, unknown>;

export interface FieldRule<V extends Values = Values> {
  /** Message key of the field label (used in '{field} 不能为空'). */
  label?: string;
  /** '{field} 不能为空' when empty (SPEC §5, checked on blur). */
  required?: boolean;
  /** Text field: whitespace-only fails with '请输入内容'. */
  text?: boolean;
  /** Number field: zero or empty fails with '请输入数量'. */
  number?: boolean;
  /** Trim the value on submit (login: the phone or user name is trimmed). */
  trim?: boolean;
  /** Extra checks in order; return a message key (or ref) when the value is wrong. */
  validate?: Array<(value: unknown, values: V) => MessageRef | null | undefined | false>;
}

export type Rules<V extends Values> = { [K in keyof V]?: FieldRule<V> };
export type Errors<V extends Values> = { [K in keyof V]?: string };

export interface UseFormOptions<V extends Values> {
  initial: V;
  rules?: Rules<V>;
}

const isEmpty = (value: unknown) =>
  value == null ||
  (typeof value === 'string' && value.length === 0) ||
  (Array.isArray(value) && value.length === 0);

/** Returns the first failing message for a value, or null. Pure: exported for tests and reuse. */
export function checkField<V extends Values>(
  rule: FieldRule<V> | undefined,
  value: unknown,
  values: V,
): MessageRef | null {
  if (!rule) return null;
  if (rule.required && isEmpty(value)) {
    return { id: 'validation.required', values: { field: rule.label ?? '' } };
  }
  if (rule.text && typeof value === 'string' && (rule.required || value.length > 0) && value.trim() === '') {
    return 'validation.enterContent';
  }
  if (rule.number && (rule.required || !isEmpty(value))) {
    const n = typeof value === 'number' ? value : Number(String(value ?? '').trim());
    if (isEmpty(value) || String(value).trim() === '' || !Number.isFinite(n) || n === 0)
      return 'validation.enterQuantity';
  }
  if (rule.validate && !isEmpty(value)) {
    for (const check of rule.validate) {
      const result = check(value, values);
      if (result) return result;
    }
  }
  return null;
}

/**
 * Form state with the spec's rules: validation on blur and on submit, errors as translated
 * text for `<Field error>`. `bind(name)` wires an input; `handleSubmit(fn)` validates every
 * field, trims where asked and calls `fn` with the values only when all are valid.
 */
export function useForm<V extends Values>({ initial, rules = {} as Rules<V> }: UseFormOptions<V>) {
  const intl = useIntl();
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrorsState] = useState<Errors<V>>({});
  const [submitting, setSubmitting] = useState(false);
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const rulesRef = useRef(rules);
  rulesRef.current = rules;

  const translate = useCallback(
    (ref: MessageRef): string => {
      if (typeof ref === 'string') return intl.formatMessage({ id: ref });
      const vals = { ...ref.values };
      if (ref.id === 'validation.required' && typeof vals.field === 'string' && vals.field) {
        vals.field = intl.formatMessage({ id: vals.field });
      }
      return intl.formatMessage({ id: ref.id }, vals);
    },
    [intl],
  );

  const errorOf = useCallback(
    (name: keyof V, all: V): string | undefined => {
      const result = checkField(rulesRef.current[name], all[name], all);
      return result ? translate(result) : undefined;
    },
    [translate],
  );

  const validateField = useCallback(
    (name: keyof V): boolean => {
      const message = errorOf(name, valuesRef.current);
      setErrorsState((prev) => ({ ...prev, [name]: message }));
      return !message;
    },
    [errorOf],
  );

  const validate = useCallback((): boolean => {
    const next: Errors<V> = {};
    let ok = true;
    for (const name of Object.keys({ ...valuesRef.current, ...rulesRef.current }) as Array<keyof V>) {
      const message = errorOf(name, valuesRef.current);
      if (message) {
        next[name] = message;
        ok = false;
      }
    }
    setErrorsState(next);
    return ok;
  }, [errorOf]);

  const setValue = useCallback(<K extends keyof V>(name: K, value: V[K]) => {
    setValues((prev) => {
      const next = { ...prev, [name]: value };
      valuesRef.current = next;
      return next;
    });
    // a corrected field loses its error at once; new errors only appear on blur/submit
    setErrorsState((prev) => (prev[name] ? { ...prev, [name]: undefined } : prev));
  }, []);

  const bind = useCallback(
    <K extends keyof V>(name: K) => ({
      name: String(name),
      value: (values[name] ?? '') as string,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
        setValue(name, event.target.value as V[K]),
      onBlur: () => {
        validateField(name);
      },
    }),
    [setValue, validateField, values],
  );

  const trimmed = useCallback((): V => {
    const out = { ...valuesRef.current };
    for (const [name, rule] of Object.entries(rulesRef.current) as Array<
      [keyof V, FieldRule<V> | undefined]
    >) {
      if (rule?.trim && typeof out[name] === 'string') out[name] = (out[name] as string).trim() as V[keyof V];
    }
    return out;
  }, []);

  const handleSubmit = useCallback(
    (onValid: (values: V) => unknown | Promise<unknown>) => async (event?: FormEvent) => {
      event?.preventDefault();
      const clean = trimmed();
      valuesRef.current = clean;
      setValues(clean);
      if (!validate()) return;
      setSubmitting(true);
      try {
        await onValid(clean);
      } finally {
        setSubmitting(false);
      }
    },
    [trimmed, validate],
  );

  const setErrors = useCallback((next: Errors<V>) => setErrorsState((prev) => ({ ...prev, ...next })), []);
  const initialRef = useRef(initial);
  /** Back to the first values (or to `next`, e.g. data that has just loaded). Stable identity. */
  const reset = useCallback((next?: V) => {
    const v = next ?? initialRef.current;
    valuesRef.current = v;
    setValues(v);
    setErrorsState({});
  }, []);

  return useMemo(
    () => ({
      values,
      errors,
      submitting,
      setValue,
      bind,
      validate,
      validateField,
      handleSubmit,
      setErrors,
      reset,
    }),
    [values, errors, submitting, setValue, bind, validate, validateField, handleSubmit, setErrors, reset],
  );
}

export type FormApi<V extends Values> = ReturnType<typeof useForm<V>>;
