/**
 * One environment variable as a zod schema: blank counts as unset, an unset variable takes its
 * default, and a value that does not parse is an issue whose message says what is accepted. What
 * the configuration tables (docs/configuration.md) show of each variable is registered beside it (tables.ts).
 */
import { z } from 'zod';

/** How one kind of value is read: `parse` answers null for anything it does not accept. */
export interface Kind<T> {
  /** What is accepted, as the refusal states it ("a duration such as 5s …"). */
  accepted: string;
  parse(text: string): T | null;
  /** Why this value in particular is refused, when `accepted` alone would not say it. */
  refusal?(text: string): string | undefined;
  /** The given value as a refusal may echo it (passwords in URLs masked). */
  shown?(text: string): string;
}

export interface SettingDoc {
  /** The default as the README shows it. */
  default: string;
  /** What the variable does, in the README's words. */
  doc: string;
}

export const settingDocs = z.registry<SettingDoc>();

/** The variable's value as given, for a refusal to echo. */
export interface RefusedValue {
  given: string;
}

function schemaOf<T>(kind: Kind<T>, fallback: string | undefined) {
  return z
    .string()
    .optional()
    .transform((given, ctx): T | undefined => {
      const text = given?.trim() || fallback;
      if (text === undefined) return undefined;
      const value = kind.parse(text);
      if (value !== null) return value;
      const shown = kind.shown ? kind.shown(text) : text;
      ctx.addIssue({
        code: 'custom',
        message: kind.refusal?.(text) ?? kind.accepted,
        params: { given: shown } satisfies RefusedValue,
      });
      return z.NEVER;
    });
}

/** A variable with a default of its own, written as an operator would write it ("15m", "32mb"). */
export function setting<T>(kind: Kind<T>, fallback: string, doc: string): z.ZodType<T, string | undefined> {
  const schema = schemaOf(kind, fallback) as z.ZodType<T, string | undefined>;
  return schema.register(settingDocs, { default: `\`${fallback}\``, doc });
}

/**
 * A variable that may stay unset: the config decides what unset means (another variable's value,
 * NODE_ENV, nothing at all), and `unset` says it for the README.
 */
export function optionalSetting<T>(
  kind: Kind<T>,
  unset: string,
  doc: string,
): z.ZodType<T | undefined, string | undefined> {
  const schema = schemaOf(kind, undefined);
  return schema.register(settingDocs, { default: unset, doc });
}
