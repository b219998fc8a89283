import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { format } from '@tusbar/cache-control';
import express, { type Router } from 'express';
import helmet from 'helmet';

/** Where the built playground's assets are served (matches `base` in vite.config.ts). */
export const PLAYGROUND_BASE = '/__playground/';

/**
 * Whether a request is a browser opening the playground (a page, not a GET operation): such a
 * GET /graphql goes to these routes rather than to the GraphQL front.
 */
export function wantsPlayground(req: IncomingMessage): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (!(req.headers.accept ?? '').includes('text/html')) return false;
  const query = req.url?.indexOf('?') ?? -1;
  return query === -1 || !new URLSearchParams(req.url?.slice(query)).has('query');
}

/**
 * The offline GraphiQL playground: GET /graphql from a browser (Accept: text/html) answers the
 * page built by Vite into playground/dist; its scripts, styles and Monaco workers come
 * from this origin only (the CSP forbids anything else).
 */
export function playgroundRoutes(dist: string): Router {
  const router = express.Router();
  const csp = helmet.contentSecurityPolicy({
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      workerSrc: ["'self'", 'blob:'],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      frameAncestors: ["'none'"],
    },
  });
  router.use(
    PLAYGROUND_BASE,
    csp,
    express.static(dist, {
      index: false,
      setHeaders(res) {
        res.setHeader('cache-control', format({ public: true, maxAge: 3600 }));
      },
    }),
  );
  router.get('/graphql', (req, res, next) => {
    if (!wantsPlayground(req)) return next();
    const index = path.join(dist, 'index.html');
    if (!fs.existsSync(index)) {
      res
        .status(503)
        .type('text/plain')
        .send('The playground is not built yet: run `npm run build:playground`.');
      return;
    }
    csp(req, res, () => {
      res.setHeader('cache-control', format({ noCache: true }));
      res.sendFile(index);
    });
  });
  return router;
}
