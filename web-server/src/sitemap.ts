/**
 * `sitemap.xml` and `robots.txt`, generated from the live catalogue: the public routes, every
 * category's product list and every on-shelf product's page, with absolute URLs on the public
 * origin. Read anonymously through the catalogue of a request context (no session is sent).
 */
import { format } from '@tusbar/cache-control';
import express, { type Request, type Response, type Router } from 'express';

interface SitemapCategory {
  cardName?: string | null;
  children?: SitemapCategory[] | null;
}

/** The part of the shop's catalogue the sitemap reads (the gateway's REST client has it). */
export interface SitemapCatalogue {
  categories(): Promise<SitemapCategory[]>;
  products(
    filter: { sort: 'default' },
    page: { pageNum: number; pageSize: number },
  ): Promise<{ records: Array<{ id: number; onShelf: boolean }>; total: number }>;
}

const PAGE_SIZE = 500;
const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Every on-shelf product id, page by page. */
async function onShelfProductIds(catalogue: SitemapCatalogue): Promise<number[]> {
  const ids: number[] = [];
  for (let pageNum = 1; ; pageNum++) {
    const page = await catalogue.products({ sort: 'default' }, { pageNum, pageSize: PAGE_SIZE });
    for (const product of page.records) if (product.onShelf) ids.push(product.id);
    if (page.records.length < PAGE_SIZE || pageNum * PAGE_SIZE >= page.total) return ids;
  }
}

export async function sitemapXml(catalogue: SitemapCatalogue, origin: string): Promise<string> {
  const [categories, productIds] = await Promise.all([catalogue.categories(), onShelfProductIds(catalogue)]);
  const cardNames = new Set<string>();
  const visit = (list: SitemapCategory[]) => {
    for (const category of list) {
      if (category.cardName) cardNames.add(category.cardName);
      visit(category.children ?? []);
    }
  };
  visit(categories);
  const paths = [
    '/home',
    '/category',
    '/goods/hot',
    '/goods/new',
    '/goods/list',
    ...[...cardNames].map((name) => `/category/detail/${encodeURIComponent(name)}`),
    ...productIds.map((id) => `/goods/detail/${id}`),
  ];
  const urls = paths.map((p) => `  <url><loc>${escapeXml(`${origin}${p}`)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    // Personal and back-office screens: nothing to index, and crawlers would only meet the login.
    // The cart stays crawlable: an anonymous visitor is sent on to the login (disallowed below),
    // so nothing of it is indexed, and a shopper's own cart page is not reported as blocked.
    'Disallow: /order/',
    'Disallow: /user/',
    'Disallow: /login',
    'Disallow: /graphql',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

export function sitemapRoutes(options: {
  publicOrigin: string;
  /** The catalogue, read with the request's context (anonymous: the sitemap reads no session). */
  catalogueFor: (req: Request, res: Response) => Promise<SitemapCatalogue>;
  maxAgeSeconds: number;
}): Router {
  const router = express.Router();
  const cache = format({
    public: true,
    maxAge: options.maxAgeSeconds,
    staleWhileRevalidate: options.maxAgeSeconds * 2,
  });
  router.get('/robots.txt', (_req, res) => {
    res.setHeader('cache-control', cache);
    res.type('text/plain').send(robotsTxt(options.publicOrigin));
  });
  router.get('/sitemap.xml', async (req, res, next) => {
    try {
      const xml = await sitemapXml(await options.catalogueFor(req, res), options.publicOrigin);
      res.setHeader('cache-control', cache);
      res.type('application/xml').send(xml);
    } catch (error) {
      next(error);
    }
  });
  return router;
}
