import express, { type Router } from 'express';
import type { AppContext } from '../context.ts';
import { pingDatabase } from '../db/database.ts';

/** How long /readyz waits for the database before it calls the instance not ready. */
const READY_TIMEOUT_MS = 1000;

/**
 * /healthz: the process is up (restart it when this fails). /readyz: 200 only while the database
 * answers, 503 otherwise, so a load balancer sends no shoppers to an instance that can only say
 * "try again" — the process itself stays up and becomes ready again when the database returns.
 */
export function healthRoutes(ctx: AppContext): Router {
  const router = express.Router();
  router.get('/healthz', (_req, res) => {
    res.set('cache-control', 'no-store').json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    res.set('cache-control', 'no-store');
    const started = Date.now();
    try {
      await pingDatabase(ctx.db, READY_TIMEOUT_MS);
      res.json({ status: 'ready', database: { dialect: ctx.dialect, ms: Date.now() - started } });
    } catch (error) {
      res.status(503).json({ status: 'unready', database: { error: (error as Error).message } });
    }
  });
  return router;
}
