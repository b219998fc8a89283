/**
 * One Set-Cookie per cookie name on an answer. A server render runs several GraphQL operations
 * in-process with one session (the form's mutation, then the shell's queries), and each reports
 * the session's renewal: the answer says it once, with the latest value, and never after its
 * headers are out (setting one then would throw mid-answer).
 */
import type { ServerResponse } from 'node:http';

const nameOf = (cookie: string) => cookie.slice(0, cookie.indexOf('=')).trim();

export function setCookieOnce(res: ServerResponse, cookie: string): void {
  // A streamed page's later operations come after its headers: the renewal waits for the next answer.
  if (res.headersSent) return;
  const name = nameOf(cookie);
  const previous = res.getHeader('set-cookie');
  const kept = (Array.isArray(previous) ? previous : previous === undefined ? [] : [String(previous)]).filter(
    (line) => nameOf(line) !== name,
  );
  res.setHeader('set-cookie', [...kept, cookie]);
}
