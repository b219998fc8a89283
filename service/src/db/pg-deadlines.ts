import type pg from 'pg';

/**
 * What a statement that ran out of time fails with: cancelled by the server (`statement_timeout`,
 * 57014; a lock it could not get, 55P03) or given up by the client on a server that answered
 * nothing (pg's `query_timeout`).
 */
export function isDeadlineFailure(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === '57014' || code === '55P03' || message === 'Query read timeout';
}

const timedOut = new WeakSet<pg.PoolClient>();

/**
 * Connections whose statement ran out of time are closed when they return to the pool, never
 * reused: after the client gave up, the server may still answer the old statement, out of turn,
 * to the next request; and a database that is slow enough to cancel statements is better met
 * with fresh connections than with ones that were waiting on it.
 */
export function dropConnectionsAfterTimeouts(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      const result = query(...args);
      if (result instanceof Promise)
        result.catch((error: unknown) => {
          if (isDeadlineFailure(error)) timedOut.add(client);
        });
      return result;
    }) as typeof client.query;
  });
  // Emitted before the pool decides to keep the client: an ending client is removed instead.
  pool.on('release', (_error: Error | undefined, client: pg.PoolClient) => {
    if (!timedOut.has(client)) return;
    timedOut.delete(client);
    client.end().catch(() => {});
  });
}
