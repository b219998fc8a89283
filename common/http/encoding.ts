/**
 * Content negotiation for answers a server compresses itself (the web build's pre-compressed
 * files, rendered pages, compressed answers kept with their cache entries).
 */
import type { ServerResponse } from 'node:http';
import Negotiator from 'negotiator';
import vary from 'vary';
import { rememberedByValue } from '../remembered.ts';

export type Encoding = 'br' | 'gzip';

const ENCODINGS: Array<Encoding | 'identity'> = ['br', 'gzip', 'identity'];

/**
 * Chosen once per header value: browsers send a handful of distinct values, so a request almost
 * never pays for parsing its header.
 */
const chosenFor = rememberedByValue(negotiate, 64);

/** The best encoding the client accepts, brotli first; null means identity. */
export function negotiateEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  return header ? chosenFor(header) : null;
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
