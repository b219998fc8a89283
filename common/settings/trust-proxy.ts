/**
 * Express's `trust proxy`, read as Express reads it: `true`/`false`, a hop count, or a
 * comma-separated list of `loopback`/`linklocal`/`uniquelocal`, addresses and CIDR subnets. A
 * number becomes a number (Express reads the text "1" as the address 0.0.0.1), and a list is
 * compiled by proxy-addr, as Express compiles it, so a typo is refused at start.
 */
import { isIP } from 'node:net';
import proxyAddr from 'proxy-addr';
import type { Kind } from './setting.ts';

export interface TrustProxy {
  /** The value for `app.set('trust proxy', …)`. */
  value: boolean | number | string[];
  /** Express's own test: is the peer at `hop` (0: the socket's peer) a proxy to believe? */
  trusts(address: string, hop: number): boolean;
}

const NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** A name proxy-addr knows, or an address in canonical form with an optional prefix length. */
function entryParses(entry: string): boolean {
  if (NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  if (rest.length > 0 || isIP(address) === 0) return false;
  return prefix === undefined || /^\d{1,3}$/.test(prefix) || isIP(prefix) === 4;
}

function compiled(entries: string[]): ((address: string, hop: number) => boolean) | null {
  if (entries.length === 0 || !entries.every(entryParses)) return null;
  try {
    return proxyAddr.compile(entries);
  } catch {
    return null;
  }
}

export const trustProxy: Kind<TrustProxy> = {
  accepted:
    'true, false, a hop count (1, 2 …), or a comma-separated list of loopback, linklocal, uniquelocal, addresses and CIDR subnets (10.0.0.0/8)',
  parse: (text) => {
    if (/^true$/i.test(text)) return { value: true, trusts: () => true };
    if (/^false$/i.test(text)) return { value: false, trusts: () => false };
    if (/^\d+$/.test(text)) {
      const hops = Number(text);
      return Number.isSafeInteger(hops) ? { value: hops, trusts: (_address, hop) => hop < hops } : null;
    }
    const entries = text
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const trusts = compiled(entries);
    return trusts ? { value: entries, trusts } : null;
  },
};
