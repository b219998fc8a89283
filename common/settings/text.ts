/** Free text, fixed choices and comma-separated lists in configuration. */
import type { Kind } from './setting.ts';

/** Any text (paths, names, secrets): nothing to refuse. */
export const text: Kind<string> = { accepted: 'any text', parse: (value) => value };

/** A secret: never refused, and never echoed. */
export const secret: Kind<string> = { ...text, shown: () => '(hidden)' };

export function oneOf<const T extends string>(choices: readonly T[]): Kind<T> {
  return {
    accepted: `one of ${choices.join(', ')}`,
    parse: (value) => ((choices as readonly string[]).includes(value) ? (value as T) : null),
  };
}

/** Comma-separated items, each read by `item`; the list is refused if any item is. */
export function listOf<T>(item: Kind<T>, accepted = `a comma-separated list of ${item.accepted}`): Kind<T[]> {
  return {
    accepted,
    parse: (value) => {
      const items = value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
        .map((part) => item.parse(part));
      return items.some((parsed) => parsed === null) ? null : (items as T[]);
    },
  };
}

/** pino's levels, as LOG_LEVEL names them. */
export const logLevel = oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);
