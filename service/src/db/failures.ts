/**
 * Which errors mean "the database (or the disk under it) is away" rather than "this request is
 * wrong". They answer 503 with Retry-After instead of 500, and only they may be retried.
 */
import { isDeadlineFailure } from './pg-deadlines.ts';

/** PostgreSQL SQLSTATEs of a lost or refused connection: class 08, admin/crash shutdown, "cannot connect now". */
const PG_CONNECTION_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** What Node or pg throw when the socket to the database fails. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
const PG_CLIENT_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Connection terminated unexpectedly',
];

/** File-system and SQLite codes of a disk that refuses writes or reads. */
const STORAGE_CODES = new Set(['EROFS', 'EACCES', 'EPERM', 'ENOSPC', 'EDQUOT', 'EIO', 'EMFILE', 'ENFILE']);
const SQLITE_STORAGE = /^SQLITE_(READONLY|FULL|IOERR|CANTOPEN|BUSY|LOCKED)/;

function codeOf(error: unknown): string {
  return String((error as { code?: unknown } | null)?.code ?? '');
}

/**
 * The database cannot be reached, dropped the connection the work ran on, or did not finish a
 * statement within its deadline (a stalled server, a lock held elsewhere).
 */
export function isConnectionFailure(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  if (isDeadlineFailure(error)) return true;
  const code = codeOf(error);
  if (code.startsWith('08') || PG_CONNECTION_STATES.has(code) || SOCKET_CODES.has(code)) return true;
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string' && PG_CLIENT_MESSAGES.some((text) => message.startsWith(text))) return true;
  const errors = (error as { errors?: unknown }).errors;
  // pg reports a refused connection to a host with several addresses as an AggregateError.
  return Array.isArray(errors) && errors.some(isConnectionFailure);
}

/** The disk (uploads folder or SQLite file) refuses the operation. */
export function isStorageFailure(error: unknown): boolean {
  const code = codeOf(error);
  return STORAGE_CODES.has(code) || SQLITE_STORAGE.test(code);
}
