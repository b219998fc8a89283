/**
 * Operations: /healthz and /readyz, a service that is down or too slow (typed error within the
 * timeout, no crash), the response cache for public queries, the web app (static files with SPA
 * fallback) and the pass-through proxy for the service's own pages (lpay sandbox, files).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse as parseCacheControl } from '@tusbar/cache-control';
import type { Router } from 'express';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeServer, type GatewayHarness, listen, startGatewayHarness } from './harness.ts';
import { probeResolvers, probeTypeDefs } from './infra-probe.ts';

describe('health, cache, web app and proxy (real service)', () => {
  let h: GatewayHarness;
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-dist-'));
  beforeAll(async () => {
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(path.join(webDist, 'assets', 'index-AbCdEf12.js'), 'console.log(1)');
    h = await startGatewayHarness({
      typeDefs: probeTypeDefs,
      resolvers: probeResolvers,
      gatewayEnv: { WEB_DIST: webDist },
      serviceRoutes: (router: Router) => {
        // Stand-ins for the lpay sandbox's form page, to check the proxy forwards everything.
        router.post('/pay/lpay/__echo', (req, res) => {
          res
            .status(303)
            .set('location', '/order/detail/7?paid=1')
            .set('x-echo-method', req.method)
            .json({ body: req.body, cookie: req.get('cookie') ?? null });
        });
      },
    });
  });
  afterAll(async () => {
    await h.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('/healthz answers while the process is up; /readyz when the service answers', async () => {
    const health = await h.http.get('/healthz');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok' });
    const ready = await h.http.get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ready');
  });

  it('answers a repeated public query from the response cache (no upstream call)', async () => {
    h.resetServiceLog();
    const first = await h.gql('{ categories }');
    expect(first.errors).toBeUndefined();
    expect(first.upstreamCalls).toBe(1);
    expect(parseCacheControl(String(first.headers['cache-control']))).toMatchObject({
      maxAge: 30,
      public: true,
    });
    const second = await h.gql('{ categories }');
    expect(second.data).toEqual(first.data);
    expect(second.upstreamCalls).toBe(0);
    expect(h.serviceCalls('GET /service/shop/category/list')).toBe(1);
    // Another language is another entry.
    const english = await h.gql('{ categories }', {}, { headers: { 'accept-language': 'en-GB' } });
    expect(english.upstreamCalls).toBe(1);
  });

  it('never caches per-user answers', async () => {
    const jar = h.jar();
    await h.gql('mutation { login(account: "demo", password: "demo123") }', {}, { jar });
    const first = await h.gql('{ whoami }', {}, { jar });
    expect(first.headers['cache-control']).toBe('no-store');
    const second = await h.gql('{ whoami }', {}, { jar });
    expect(second.upstreamCalls).toBe(1);
    // A public field next to a private one makes the whole answer private.
    const mixed = await h.gql('{ categories whoami }', {}, { jar });
    expect(mixed.headers['cache-control']).toBe('no-store');
  });

  it('serves the web app: hashed assets cached long, SPA fallback to index.html for pages', async () => {
    const asset = await h.http.get('/assets/index-AbCdEf12.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const page = await h.http.get('/category/detail/tea').set('accept', 'text/html');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<div id="root">');
    expect(parseCacheControl(page.headers['cache-control']).noCache).toBe(true);
    const api = await h.http.get('/service/unknown').set('accept', 'text/html');
    expect(api.text).not.toContain('<div id="root">');
    const json = await h.http.get('/healthz').set('accept', 'text/html');
    expect(json.body).toEqual({ status: 'ok' });
  });

  it('proxies the lpay pages unchanged: method, body, headers, status and Location', async () => {
    h.resetServiceLog();
    const res = await h.http
      .post('/service/pay/lpay/__echo')
      .set('cookie', 'a=1')
      .type('form')
      .send({ confirm: 'yes' })
      .redirects(0);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/order/detail/7?paid=1');
    expect(res.headers['x-echo-method']).toBe('POST');
    expect(res.body).toEqual({ body: { confirm: 'yes' }, cookie: 'a=1' });
    expect(h.serviceCalls('POST /service/pay/lpay/__echo')).toBe(1);
    // Images the service serves under /service go through; its REST API does not.
    const image = await h.http.get('/service/shop/card/image/banner-hot-sale.svg');
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toMatch(/image\/svg\+xml/);
    const api = await h.http.get('/service/shop/system/config');
    expect(api.status).toBe(404);
    expect(h.serviceCalls('GET /service/shop/system/config')).toBe(0);
    const missing = await h.http.get('/service/file/down').query({ fullfilename: '../../etc/passwd' });
    expect(missing.status).toBeGreaterThanOrEqual(400);
    expect(h.serviceCalls('GET /service/file/down')).toBe(1);
  });
});

describe('a service that is down or slow', () => {
  it('down: readyz 503 and a typed UPSTREAM_UNAVAILABLE error, the gateway keeps serving', async () => {
    const closed = await listen(() => {});
    const url = closed.url;
    await closeServer(closed.server);
    const h = await startGatewayHarness({
      typeDefs: probeTypeDefs,
      resolvers: probeResolvers,
      serviceUrl: url,
    });
    try {
      const ready = await h.http.get('/readyz');
      expect(ready.status).toBe(503);
      // the kind of failure, never the upstream's own words (its address and port)
      expect(ready.body).toEqual({ status: 'unready', service: { reason: 'unreachable' } });
      expect(ready.text).not.toContain(new URL(url).port);
      const res = await h.gql('{ categories }');
      expect(res.status).toBe(200);
      expect(res.errors?.[0].extensions).toMatchObject({
        code: 'UPSTREAM_UNAVAILABLE',
        reason: 'unreachable',
      });
      expect(res.errors?.[0].extensions?.alterMsg).toBeTruthy();
      expect((await h.http.get('/healthz')).status).toBe(200);
      expect((await h.gql('{ ping }')).data).toEqual({ ping: 'pong' });
    } finally {
      await h.close();
    }
  });

  it('slow: a typed UPSTREAM_UNAVAILABLE (timeout) within the configured timeout', async () => {
    const slow = await listen((_req, res) => {
      const timer = setTimeout(
        () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'),
        5000,
      );
      res.on('close', () => clearTimeout(timer));
    });
    const h = await startGatewayHarness({
      typeDefs: probeTypeDefs,
      resolvers: probeResolvers,
      serviceUrl: slow.url,
      gatewayEnv: { UPSTREAM_TIMEOUT: '400ms', READY_TIMEOUT: '300ms' },
    });
    try {
      const started = Date.now();
      const res = await h.gql('{ categories }');
      const elapsed = Date.now() - started;
      expect(res.errors?.[0].extensions).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', reason: 'timeout' });
      expect(elapsed).toBeGreaterThanOrEqual(350);
      expect(elapsed).toBeLessThan(2500);
      const ready = await h.http.get('/readyz');
      expect(ready.status).toBe(503);
      expect((await h.http.get('/healthz')).status).toBe(200);
    } finally {
      await h.close();
      await closeServer(slow.server);
    }
  });
});

describe("refusals that are the client's mistake", () => {
  let h: GatewayHarness;
  const logged: Array<{ level: number; msg?: string }> = [];
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-dist-'));
  beforeAll(async () => {
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    h = await startGatewayHarness({
      gatewayEnv: { WEB_DIST: webDist },
      logger: pino({ level: 'info' }, { write: (line: string) => logged.push(JSON.parse(line)) }),
    });
  });
  afterAll(async () => {
    await h.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it("a search keyword longer than any address carries is BAD_USER_INPUT in the caller's language", async () => {
    const keyword = '茶'.repeat(5000);
    const res = await h.gql('query($k: String!) { productSearch(keyword: $k) { total } }', { k: keyword });
    expect(res.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', alterMsg: '输入内容过长' });
    const en = await h.gql(
      'query($k: String!) { productSearch(keyword: $k) { total } }',
      { k: keyword },
      { headers: { 'accept-language': 'en-GB' } },
    );
    expect(en.errors?.[0].extensions?.alterMsg).toBe('The input is too long');
  });

  it('a malformed percent-escape in a path is 400, logged as nothing worse than a warning', async () => {
    const res = await h.http.get('/%E0%A4%A.js');
    expect(res.status).toBe(400);
    expect(logged.filter((entry) => entry.level >= 50)).toEqual([]);
  });
});
