import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { refuse } from '../../http/envelope.ts';
import { orderMessages as m } from './messages.ts';

/** The body with object keys sorted at every level, so key order does not change the hash. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/**
 * What an idempotency key is bound to: the SHA-256 of the request body as sent (canonical
 * JSON). Like Stripe, a retry must repeat the first request exactly.
 */
export const requestFingerprint = (body: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(canonical(body ?? {})))
    .digest('hex');

/**
 * The order a request id already placed, or null. The same id with another body is refused
 * ('该请求编号已用于另一笔订单') instead of silently answering with an unrelated order.
 */
export async function knownRequestOrder(
  db: Kysely<Database>,
  userId: number,
  requestId: string,
  requestHash: string,
): Promise<number | null> {
  const row = await db
    .selectFrom('orders')
    .select(['id', 'request_hash'])
    .where('user_id', '=', userId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
  if (!row) return null;
  if (row.request_hash !== null && row.request_hash !== requestHash) throw refuse(m['order.requestIdReused']);
  return row.id;
}
