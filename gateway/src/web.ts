import fs from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';

const NOT_SPA = /^\/(graphql|service|healthz|readyz)(\/|$)/;

/**
 * Serves the built web app (web/dist): hashed assets cached for a year, everything else
 * revalidated, and index.html for any other GET that accepts text/html (client-side routes).
 */
export function webRoutes(webDist: string): Router {
  const router = express.Router();
  router.use(
    express.static(webDist, {
      index: false,
      fallthrough: true,
      setHeaders(res, file) {
        const hashed = /[.-][A-Za-z0-9_-]{8,}\.(js|css|woff2?|svg|png|jpe?g|gif|webp)$/.test(file);
        const inAssets = file.includes(`${path.sep}assets${path.sep}`);
        res.setHeader(
          'cache-control',
          hashed || inAssets ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    }),
  );
  router.get(/.*/, (req, res, next) => {
    if (NOT_SPA.test(req.path) || !req.accepts('html')) return next();
    const index = path.join(webDist, 'index.html');
    if (!fs.existsSync(index)) {
      res
        .status(404)
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build` (GraphQL is at /graphql).');
      return;
    }
    res.setHeader('cache-control', 'no-cache');
    res.sendFile(index);
  });
  return router;
}
