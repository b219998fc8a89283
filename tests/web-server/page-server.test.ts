/**
 * The page server as the gateway mounts it (web-server/src/index.ts), with stand-ins for what the
 * gateway hands over: each page's context is built from the request as it came, with the page's
 * language given as `locale` (never written into the request's Accept-Language); the operations a
 * render runs get that context; the CSRF rule given decides whether a form reaches the render; the
 * sitemap reads the catalogue of a context built for its request.
 */
import fs from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { createPageServer, type PageContextInput } from '@shop/web-server';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { standInBuild } from '../gateway/stand-in-build.ts';

declare global {
  var __pageServerRenders: Array<{ locale: string; language: string | null; answer: unknown }> | undefined;
}

/** The stand-in server entry: runs one operation and records what the render was given. */
const build = standInBuild(`
export const acceptsForm = () => true;
export async function render(input) {
  const answer = await input.execute({ query: '{ shop }', variables: {}, operationName: 'Shop' });
  (globalThis.__pageServerRenders ??= []).push({
    locale: input.locale,
    language: input.request.headers.get('accept-language'),
    answer: answer.data,
  });
  return { kind: 'redirect', status: 303, location: '/home' };
}
`);

interface Context {
  input: PageContextInput;
  /** The request's Accept-Language when its context was built. */
  acceptLanguage: string | undefined;
}

const built: Context[] = [];
let sameOrigin = true;

const app = express();
app.use(
  createPageServer<Context>({
    settings: {
      webDist: build.dist,
      ssrBundle: build.bundle,
      streamAfterMs: 150,
      deadlineMs: 3000,
      pageCacheEntries: 0,
      publicOrigin: 'http://shop.test',
      publicMaxAge: 30,
      stockMaxAge: 5,
    },
    execute: async (_operation, context) => ({
      http: { headers: new Map([['cache-control', 'no-store']]) },
      body: { kind: 'single', singleResult: { data: { locale: context.input.locale ?? null } } },
    }),
    buildContext: async (input) => {
      const context = { input, acceptLanguage: (input.headers as IncomingHttpHeaders)['accept-language'] };
      built.push(context);
      return context;
    },
    isSameOriginForm: () => sameOrigin,
    sessionCookie: 'shop_session',
    sitemapCatalogue: () => ({
      categories: async () => [{ cardName: 'phones', children: [{ cardName: 'cases' }] }],
      products: async () => ({
        records: [
          { id: 7, onShelf: true },
          { id: 8, onShelf: false },
        ],
        total: 2,
      }),
    }),
    log: { debug: () => {}, warn: () => {}, error: () => {} },
  }),
);

describe('the page server with what the gateway hands it', () => {
  beforeEach(() => {
    built.length = 0;
    globalThis.__pageServerRenders = [];
    sameOrigin = true;
  });
  afterAll(() => fs.rmSync(build.dist, { recursive: true, force: true }));

  it("gives a form's page language to its context as `locale`, leaving Accept-Language as sent", async () => {
    const res = await request(app)
      .post('/login?lang=en-GB')
      .set('accept-language', 'zh-CN,zh;q=0.9')
      .set('origin', 'http://shop.test')
      .type('form')
      .send('account=demo');

    expect(res.status).toBe(303);
    expect(built).toHaveLength(1);
    expect(built[0].input.locale).toBe('en-GB');
    expect(built[0].acceptLanguage).toBe('zh-CN,zh;q=0.9');
    // The render and the operations it ran had the page's language, through that context.
    expect(globalThis.__pageServerRenders).toEqual([
      { locale: 'en-GB', language: 'en-GB', answer: { locale: 'en-GB' } },
    ]);
  });

  it('refuses a form the CSRF rule refuses, in the page language, before any context or render', async () => {
    sameOrigin = false;
    const res = await request(app)
      .post('/login?lang=en-GB')
      .set('origin', 'https://elsewhere.test')
      .type('form')
      .send('account=demo');

    expect(res.status).toBe(403);
    expect(res.text).toBe('This form was not sent from this site.');
    expect(built).toHaveLength(0);
    expect(globalThis.__pageServerRenders).toEqual([]);
  });

  it("lists the catalogue of a context built for the sitemap's request", async () => {
    const res = await request(app).get('/sitemap.xml');

    expect(res.status).toBe(200);
    expect(built).toHaveLength(1);
    expect(built[0].input.locale).toBeUndefined();
    expect(res.text).toContain('<loc>http://shop.test/category/detail/cases</loc>');
    expect(res.text).toContain('<loc>http://shop.test/goods/detail/7</loc>');
    expect(res.text).not.toContain('/goods/detail/8');
  });
});
