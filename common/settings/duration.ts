/** Durations in configuration (common/duration.ts's syntax), as milliseconds or as whole seconds. */
import { type DurationUnit, durationMs } from '../duration.ts';
import type { Kind } from './setting.ts';

/** Milliseconds; a bare number is seconds, or milliseconds for a variable named `…_MS`. */
export const duration = (bareUnit: DurationUnit = 's'): Kind<number> => ({
  accepted:
    bareUnit === 'ms'
      ? 'a duration such as 150ms, 3s or 1m (a bare number is milliseconds)'
      : 'a duration such as 500ms, 5s, 15m, 1h, 30d (a bare number is seconds)',
  parse: (text) => durationMs(text, bareUnit),
});

/** Whole seconds, for lifetimes that end up in a Cache-Control max-age. */
export const durationSeconds: Kind<number> = {
  accepted: 'a duration in whole seconds such as 5s, 15m, 1h (a bare number is seconds)',
  parse: (text) => {
    const ms = durationMs(text);
    return ms !== null && ms % 1000 === 0 ? ms / 1000 : null;
  },
};
