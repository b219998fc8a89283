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

/**
 * What a signed or sealed token was found to say, remembered until the token expires: the same
 * text under the same key opens the same way until then, so its crypto (WebCrypto, the dearest
 * step of a small request) runs once per token rather than on every request that presents it.
 * Bounded, as tokens come from clients: past `atMost` the oldest is forgotten and opened again
 * when it returns. Expired as jose decides: from the `exp` second on.
 */
export class KeptUntilExpiry<T> {
  private readonly kept = new Map<string, { value: T; expiresAtMs: number }>();

  constructor(private readonly atMost: number) {}

  /** The remembered value, `'expired'` (and forgotten) once its time has come, undefined if unknown. */
  get(token: string, nowMs: number): T | 'expired' | undefined {
    const known = this.kept.get(token);
    if (!known) return undefined;
    if (nowMs < known.expiresAtMs) return known.value;
    this.kept.delete(token);
    return 'expired';
  }

  /** Remembers a token that opened, with its `exp` claim in seconds. */
  set(token: string, value: T, expSeconds: number): void {
    this.kept.set(token, { value, expiresAtMs: expSeconds * 1000 });
    if (this.kept.size > this.atMost) this.kept.delete(this.kept.keys().next().value as string);
  }
}
