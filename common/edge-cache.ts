/**
 * What the edge (nginx in front of the gateways, deploy/nginx.conf) may keep, and for how long:
 * nginx stores only answers marked with `X-Accel-Expires` (and strips the header before the client),
 * so the gateway and the page server mark an answer only when it is public and its request carried
 * no session. `Cache-Control` stays what browsers read.
 *
 * nginx counts `X-Accel-Expires: N` from the whole second of its own clock, so it keeps an entry
 * N to N + 1 seconds. An answer is therefore marked for at most one second less than what is left
 * of its public lifetime (the stock bound holds at the edge too), and not at all when less than
 * two seconds are left. The edge lifetime itself (GATEWAY_EDGE_MAX_AGE, 1 s by default) keeps an
 * edit from showing there for more than about a second longer.
 */

/** Seconds nginx may keep an answer with `publicSeconds` left of its public lifetime (0: not at all). */
export function edgeSeconds(publicSeconds: number, edgeMaxAgeSeconds: number): number {
  return Math.max(0, Math.min(Math.floor(edgeMaxAgeSeconds), Math.floor(publicSeconds) - 1));
}

/**
 * The headers marking an answer for the edge, or none: `X-Accel-Expires`, and `X-Accel-Buffering:
 * yes`, because nginx stores only what it buffers and it streams everything else as it comes (a
 * page still rendering). `publicSeconds` is undefined when the answer is not public.
 */
export function edgeHeaders(
  publicSeconds: number | undefined,
  edgeMaxAgeSeconds: number,
): Record<string, string> {
  const seconds = publicSeconds === undefined ? 0 : edgeSeconds(publicSeconds, edgeMaxAgeSeconds);
  return seconds > 0 ? { 'x-accel-expires': String(seconds), 'x-accel-buffering': 'yes' } : {};
}

/** A request carrying a session cookie or a bearer: its answers are never public, never kept at the edge. */
export function carriesSession(header: (name: string) => string | undefined, sessionCookie: string): boolean {
  if (header('authorization')) return true;
  return (header('cookie') ?? '').split(';').some((pair) => pair.split('=')[0].trim() === sessionCookie);
}
