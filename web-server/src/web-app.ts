import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { addVary, type Encoding, negotiateEncoding } from '@shop/common/http/encoding.ts';
import { chooseLocale, type ShopLocale } from '@shop/common/locale.ts';
import { format } from '@tusbar/cache-control';
import express, { type Request, type Response, type Router } from 'express';
import fresh from 'fresh';
import { refuseMethod } from './page-refusals.ts';
import type { SsrPages } from './render.ts';
import { type ManifestChunk, routePreloadLinks } from './template.ts';

export const NOT_SPA = /^\/(graphql|service|healthz|readyz|playground)(\/|$)/;
const HASHED = /[.-][A-Za-z0-9_-]{8,}\.(js|css|woff2?|svg|png|jpe?g|gif|webp)$/;
/** Files the build pre-compresses (scripts/precompress.ts). */
const PRECOMPRESSED = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** One index.html variant: identity bytes, its pre-compressed forms and a validator. */
interface IndexPage {
  etag: string;
  bodies: Record<'identity' | Encoding, Buffer>;
}

/**
 * index.html per landing screen and language, built once on first use: the built page plus
 * modulepreload links for the screen's chunk and its imports (those the entry does not preload
 * already), `<html lang>` and a `shop-locale` meta the web app's boot reads synchronously.
 */
class IndexPages {
  private readonly pages = new Map<string, IndexPage | null>();
  private manifest: Record<string, ManifestChunk> | null | undefined;

  constructor(private readonly webDist: string) {}

  get(modules: string[], locale: ShopLocale): IndexPage | null {
    const key = `${locale} ${modules.join(' ')}`;
    if (!this.pages.has(key)) this.pages.set(key, this.build(modules, locale));
    return this.pages.get(key) ?? null;
  }

  private readManifest(): Record<string, ManifestChunk> | null {
    if (this.manifest === undefined) {
      try {
        this.manifest = JSON.parse(fs.readFileSync(path.join(this.webDist, '.vite/manifest.json'), 'utf8'));
      } catch {
        this.manifest = null;
      }
    }
    return this.manifest ?? null;
  }

  private build(modules: string[], locale: ShopLocale): IndexPage | null {
    let html: string;
    try {
      html = fs.readFileSync(path.join(this.webDist, 'index.html'), 'utf8');
    } catch {
      return null;
    }
    html = html
      .replace('</head>', `${routePreloadLinks(this.readManifest(), modules, html, locale)}  </head>`)
      .replace(/<html lang="[^"]*"/, `<html lang="${locale}"`)
      .replace('</head>', `  <meta name="shop-locale" content="${locale}">\n  </head>`);
    const identity = Buffer.from(html, 'utf8');
    return {
      etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
      bodies: {
        identity,
        br: zlib.brotliCompressSync(identity),
        gzip: zlib.gzipSync(identity, { level: 9 }),
      },
    };
  }
}

function sendIndex(req: Request, res: Response, page: IndexPage): void {
  const encoding = negotiateEncoding(req.headers['accept-encoding']);
  const body = page.bodies[encoding ?? 'identity'];
  // Revalidated on every visit (a deploy changes the hashed files it names), answered 304 when unchanged.
  res.setHeader('cache-control', format({ noCache: true }));
  res.setHeader('content-type', 'text/html; charset=utf-8');
  addVary(res, 'Accept-Encoding');
  // The language is chosen from the shopper's cookie and browser (common/locale.ts).
  addVary(res, 'Cookie');
  addVary(res, 'Accept-Language');
  // Weak: the same page whatever the encoding, so a validator of any variant revalidates.
  res.setHeader('etag', `W/${page.etag}`);
  if (fresh(req.headers, { etag: `W/${page.etag}` })) {
    res.status(304).end();
    return;
  }
  if (encoding) res.setHeader('content-encoding', encoding);
  res.setHeader('content-length', body.length);
  res.status(200).end(req.method === 'HEAD' ? undefined : body);
}

const cacheControlFor = (file: string) =>
  HASHED.test(file) || file.includes(`${path.sep}assets${path.sep}`)
    ? format({ public: true, maxAge: 31_536_000, immutable: true })
    : format({ noCache: true });

/**
 * Serves the built web app (web/dist): hashed assets cached for a year, everything else
 * revalidated; the build's `.br` / `.gz` siblings by content negotiation (`Vary: Accept-Encoding`);
 * and index.html (with the landing screen's chunk preloaded, in the shopper's language: `Vary:
 * Cookie, Accept-Language`) for any other GET that accepts text/html (client-side routes).
 * `rendered` (server rendering, render.ts) answers those page requests first; what it passes on gets
 * index.html, with the screens its route table names for the path preloaded.
 */
export function webRoutes(webDist: string, rendered?: SsrPages): Router {
  const root = path.resolve(webDist);
  const router = express.Router();
  const pages = new IndexPages(root);

  router.use((req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !PRECOMPRESSED.test(req.path)) return next();
    let decoded: string;
    try {
      decoded = decodeURIComponent(req.path);
    } catch {
      // A malformed percent-escape names no file: the client's mistake, not the server's.
      res.status(400).type('text/plain').send('Malformed address');
      return;
    }
    const file = path.join(root, decoded);
    if (!file.startsWith(root + path.sep) || path.basename(file) === 'index.html') return next();
    const encoding = negotiateEncoding(req.headers['accept-encoding']);
    addVary(res, 'Accept-Encoding');
    if (!encoding) return next();
    const variant = `${file}${SUFFIX[encoding]}`;
    if (!fs.existsSync(variant)) return next();
    res.type(path.extname(file));
    res.setHeader('content-encoding', encoding);
    res.setHeader('cache-control', cacheControlFor(file));
    res.sendFile(variant, { dotfiles: 'deny', cacheControl: false }, (error) => {
      if (error && !res.headersSent) next();
    });
  });
  router.use(
    express.static(root, {
      index: false,
      fallthrough: true,
      setHeaders(res, file) {
        res.setHeader('cache-control', cacheControlFor(file));
      },
    }),
  );
  router.get(/.*/, (req, res, next) => {
    if (NOT_SPA.test(req.path) || !req.accepts('html')) return next();
    if (rendered) return rendered.handler(req, res, () => void sendIndexPage(req, res));
    void sendIndexPage(req, res);
  });
  // Pages are read: any other method on a page address (a POST without a server render to take
  // its form, say) is refused, not answered as a missing page.
  router.all(/.*/, (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD' || NOT_SPA.test(req.path)) return next();
    refuseMethod(req, res);
  });
  const sendIndexPage = async (req: Request, res: Response) => {
    const modules = (await rendered?.routeModules(req.path)) ?? [];
    const requested = typeof req.query.lang === 'string' ? req.query.lang : null;
    const page = pages.get(
      modules,
      chooseLocale(req.headers.cookie, req.headers['accept-language'], requested),
    );
    if (!page) {
      res
        .status(404)
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build` (GraphQL is at /graphql).');
      return;
    }
    sendIndex(req, res, page);
  };
  return router;
}
