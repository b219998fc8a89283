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
