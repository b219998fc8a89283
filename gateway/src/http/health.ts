import { routes } from '@shop/common/rest/routes.ts';
import { format } from '@tusbar/cache-control';
import type { Router } from 'express';
import express from 'express';
import type { UpstreamTransport } from '../upstream/types.ts';

/**
 * /healthz: the process is up. /readyz: 200 only when the shop service answers its public config
 * call with an envelope within `timeoutMs`; otherwise 503 (the load balancer stops routing here).
 */
export function healthRoutes(
  transport: UpstreamTransport,
  timeoutMs: number,
  isDraining: () => boolean,
): Router {
  const router = express.Router();
  router.get('/healthz', (_req, res) => {
    res.set('cache-control', format({ noStore: true })).json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    res.set('cache-control', format({ noStore: true }));
    if (isDraining()) {
      res.status(503).json({ status: 'draining' });
      return;
    }
    const started = Date.now();
    try {
      const answer = await transport.send({
        method: 'GET',
        path: routes.reference.config.path,
        auth: false,
        timeoutMs,
        locale: '',
      });
      // Any envelope below 500 proves the service is up and talking its contract.
      if (answer.envelope && answer.status < 500) {
        res.json({ status: 'ready', service: { status: answer.status, ms: Date.now() - started } });
        return;
      }
      res.status(503).json({ status: 'unready', service: { status: answer.status } });
    } catch (error) {
      // The kind of failure only: what the upstream said stays in the gateway (addresses, ports).
      const reason = (error as { extensions?: { reason?: unknown } }).extensions?.reason;
      res.status(503).json({
        status: 'unready',
        service: { reason: typeof reason === 'string' ? reason : 'unreachable' },
      });
    }
  });
  return router;
}
