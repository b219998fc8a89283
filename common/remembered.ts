/**
 * `compute` remembered per string value, for hot-path inputs that take a handful of distinct
 * values (a request's Accept-Encoding, the Cache-Control lines Apollo writes). Bounded, as the
 * values may come from clients: past `atMost` values it forgets them all and starts again.
 */
export function rememberedByValue<T>(compute: (value: string) => T, atMost: number): (value: string) => T {
  const known = new Map<string, T>();
  return (value) => {
    if (known.has(value)) return known.get(value) as T;
    const result = compute(value);
    if (known.size >= atMost) known.clear();
    known.set(value, result);
    return result;
  };
}
