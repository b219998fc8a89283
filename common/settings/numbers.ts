/** Whole numbers in configuration: counts, bounds and ports. */
import type { Kind } from './setting.ts';

/** A whole number within [min, max], written in plain digits. */
export function wholeNumber(min: number, max = Number.MAX_SAFE_INTEGER): Kind<number> {
  return {
    accepted:
      max === Number.MAX_SAFE_INTEGER
        ? `a whole number, ${min} or more`
        : `a whole number from ${min} to ${max}`,
    parse: (text) => {
      if (!/^\d+$/.test(text)) return null;
      const value = Number(text);
      return value >= min && value <= max ? value : null;
    },
  };
}

/** A TCP port; 0 lets the system pick a free one for a listener (a metrics port: off). */
export const port: Kind<number> = { ...wholeNumber(0, 65535), accepted: 'a port number from 0 to 65535' };
