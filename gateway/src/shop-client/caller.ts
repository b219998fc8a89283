import type { RequestUpstream } from '../upstream/types.ts';

/**
 * What the shop client needs from the request's upstream: the one call function that unwraps
 * envelopes, maps errors, records notices and refreshes the session (upstream/request.ts).
 */
export type Caller = Pick<RequestUpstream, 'call'>;

/** A REST id in a path segment. */
export const segment = (id: string | number) => encodeURIComponent(String(id));
