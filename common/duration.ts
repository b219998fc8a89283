/**
 * Durations in configuration, the same syntax for the gateway and the service: a whole number
 * with an optional unit — `ms`, `s`, `m`, `h` or `d` — and seconds when the unit is left out
 * ("900" is a quarter of an hour, "15m" too, "30d" a month). Settings whose name ends in `_MS`
 * read a bare number as milliseconds, as their name says.
 */
const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

export type DurationUnit = keyof typeof UNIT_MS;

/** Milliseconds from a duration such as "900", "15m", "2s", "12h" or "30d"; null when it does not parse. */
export function durationMs(value: string, bareUnit: DurationUnit = 's'): number | null {
  const match = /^(\d+)(ms|s|m|h|d)?$/.exec(value.trim());
  if (!match) return null;
  const ms = Number(match[1]) * UNIT_MS[(match[2] ?? bareUnit) as DurationUnit];
  return Number.isSafeInteger(ms) ? ms : null;
}
