/**
 * Freezes a value and everything it holds. For data one cache hands to many readers: a reader that
 * tried to change it would change it for every later one, so the attempt fails at once instead.
 */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

/**
 * Freezes a JSON value as deepFreeze does and answers about how many characters its JSON takes
 * (strings and keys by their length, every other value counted as six): a kept entry's size from
 * the walk that freezes it, without writing it out.
 */
export function freezeCountingChars(value: unknown): number {
  if (typeof value === 'string') return value.length + 2;
  if (value === null || typeof value !== 'object') return 6;
  Object.freeze(value);
  let chars = 2;
  if (Array.isArray(value)) for (const item of value) chars += freezeCountingChars(item) + 1;
  else
    for (const key in value)
      chars += key.length + 4 + freezeCountingChars((value as Record<string, unknown>)[key]);
  return chars;
}
