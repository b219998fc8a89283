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

/**
 * The ports browsers will not connect to, and Node's `fetch` neither (the Fetch standard's "bad ports",
 * as undici lists them): a shop listening on one cannot be opened, nor probed by `npm start`.
 */
export const BAD_PORTS: ReadonlySet<number> = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104,
  109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515,
  526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049,
  3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

/** A port a browser (or `fetch`) is pointed at: a TCP port that is not one of the bad ports. */
export const browserPort: Kind<number> = {
  accepted:
    'a port number from 0 to 65535 that browsers open (not 6000, 6665-6669, 10080 or another of their bad ports)',
  parse: (text) => {
    const value = port.parse(text);
    return value === null || BAD_PORTS.has(value) ? null : value;
  },
  refusal: (text) => {
    const value = port.parse(text);
    if (value === null || !BAD_PORTS.has(value)) return undefined;
    return `${value} is one of the ports browsers and fetch refuse to open (their bad ports: 6000, 6665-6669, 10080 …): choose another`;
  },
};
