/**
 * Content negotiation for answers a server compresses itself (the web build's pre-compressed
 * files, rendered pages, compressed answers kept with their cache entries).
 */
import type { ServerResponse } from 'node:http';
import Negotiator from 'negotiator';
import vary from 'vary';

export type Encoding = 'br' | 'gzip';

const ENCODINGS: Array<Encoding | 'identity'> = ['br', 'gzip', 'identity'];

/**
 * Answers by header value: browsers send a handful of distinct values, so a request almost never
 * pays for parsing its header. Bounded, as the values are the client's to choose.
 */
const chosenFor = new Map<string, Encoding | null>();
const CHOSEN_AT_MOST = 64;

/** The best encoding the client accepts, brotli first; null means identity. */
export function negotiateEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (!header) return null;
  const known = chosenFor.get(header);
  if (known !== undefined) return known;
  const chosen = negotiate(header);
  if (chosenFor.size >= CHOSEN_AT_MOST) chosenFor.clear();
  chosenFor.set(header, chosen);
  return chosen;
}

function negotiate(header: string): Encoding | null {
  const negotiator = new Negotiator({ headers: { 'accept-encoding': header } });
  // negotiator 1's second argument (the server's preference among equals) is missing from its types.
  const encoding = negotiator.encoding as (available: string[], options: { preferred: string[] }) => string;
  const chosen = encoding.call(negotiator, ENCODINGS, { preferred: ENCODINGS });
  return chosen === 'br' || chosen === 'gzip' ? chosen : null;
}

/** Adds a token to `Vary` without repeating it. */
export const addVary = (res: ServerResponse, token: string): void => vary(res, token);
