// biome-ignore-all lint/suspicious/noExplicitAny: GraphQL answers are asserted field by field
/**
 * A cluster on PostgreSQL (service-postgres project only, under TEST_DATABASE_URL): two shop
 * services and two gateways as child processes on the suite's database, nginx in front of the
 * gateways from deploy/nginx.conf and their caches in one Redis (scripts/cluster.ts, what
 * `npm run start:cluster` runs). Sessions and their refreshes work whichever gateway answers, a
 * page asked of every instance is rendered once (the page cache is shared), 50 buyers of the last
 * unit make exactly one order, expired unpaid orders are cancelled once, and login throttling
 * counts across instances, and one client bursting hundreds of requests is slowed down by nginx
 * while everybody else is served. nginx's edge cache (X-Cache-Status, which the configuration adds)
 * answers a repeated anonymous GraphQL GET or page itself, never across a session or a language,
 * and shows an edit within 2 s and a stock change within its bound. The pages need the web build
 * (`npm run build` when it is stale).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, startCluster } from '../../scripts/cluster.ts';
import { type RedisServer, startRedis } from '../../scripts/redis.ts';
import { buildWebIfStale } from '../e2e/build-web.ts';
import { startTestService, type TestService } from './harness.ts';
import { addProduct, type Shopper, shopper } from './orders-fixture.ts';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The web app's operations by name: the hash its client sends instead of the text. */
const OPERATIONS = new Map(
  (
    JSON.parse(
      fs.readFileSync(
        path.resolve(import.meta.dirname, '../../web/src/__generated__/operations.json'),
        'utf8',
      ),
    ) as { operations: Array<{ id: string; name: string }> }
  ).operations.map((operation) => [operation.name, operation.id]),
);
/** The stock bound the cluster's gateways run with (GATEWAY_STOCK_MAX_AGE's default). */
const STOCK_MAX_AGE_MS = 5_000;
/** Crawlers get a page complete (never streamed in parts), as the page cache keeps it. */
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
/**
 * The gateways' bound on connections per address, set below what nginx opens to them in a burst:
 * were the balancer counted as a client, its connections would be cut and nginx would answer 502.
 */
const GATEWAY_PER_ADDRESS = 16;

describe('cluster: nginx, 2 gateways sharing Redis, 2 services on one PostgreSQL database', () => {
  let service: TestService;
  let cluster: Cluster;
  let redis: RedisServer;
  let expiring: { productId: number; orderIds: number[] };

  beforeAll(async () => {
    service = await startTestService();
    if (!service.config.databaseUrl) throw new Error('the cluster suite runs on PostgreSQL only');
    // Unpaid orders already past their deadline when the instances start (each runs the expiry at start).
    const productId = await addProduct(service, { stock: 10 });
    const buyer = await shopper(service);
    const orderIds: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await service.http.post('/service/shop/order').set(buyer.headers).send({
        productId,
        quantity: 2,
        addressId: buyer.addressId,
        paymentMethod: 'lpay',
        requestId: randomUUID(),
      });
      expect(res.body.success).toBe(true);
      orderIds.push(Number(res.body.data.id));
    }
    await service.ctx.db
      .updateTable('orders')
      .set({ payment_deadline: new Date(Date.now() - 60_000).toISOString() })
      .where('id', 'in', orderIds)
      .execute();
    expiring = { productId, orderIds };

    buildWebIfStale();
    // As start:cluster runs it: with a password, so the gateways' REDIS_URL carries one.
    redis = await startRedis({ password: randomBytes(16).toString('hex') });
    cluster = await startCluster({
      instances: 2,
      redisUrl: redis.url,
      databaseUrl: service.config.databaseUrl,
      databaseSchema: service.config.databaseSchema,
      serviceEnv: {
        DATA_DIR: service.config.dataDir,
        LOG_LEVEL: 'silent',
        ACCESS_TOKEN_TTL: '2s',
        LOGIN_MAX_FAILURES: '3',
        PASSWORD_HASH_COST: '12',
      },
      gatewayEnv: {
        LOG_LEVEL: 'silent',
        DATA_DIR: service.config.dataDir,
        MAX_CONNECTIONS_PER_ADDRESS: String(GATEWAY_PER_ADDRESS),
        // Two cores run this suite beside four processes: a cache read may wait longer than the
        // 50 ms default without Redis being stalled, and the cache checks below need its entries.
        REDIS_TIMEOUT: '1s',
      },
      stdio: 'ignore',
    });
  }, 480_000);
  afterAll(async () => {
    await cluster?.stop();
    await redis?.stop();
    await service?.close();
  });

  /** A page as a crawler asks for it; `rendered` when this answer was rendered, not a page-cache hit. */
  async function page(origin: string, address: string, headers: Record<string, string> = {}) {
    const res = await fetch(`${origin}${address}`, {
      headers: { accept: 'text/html', 'accept-language': 'zh-CN', 'user-agent': CRAWLER, ...headers },
    });
    const timing = res.headers.get('server-timing') ?? '';
    return {
      status: res.status,
      headers: res.headers,
      html: await res.text(),
      rendered: timing.startsWith('render;'),
      hit: timing === 'page-cache;desc=hit',
    };
  }

  it('renders a page once for every instance: the page cache lives in Redis', async () => {
    const address = `/category?cluster=${randomUUID()}`;
    // Each gateway asked directly, then nginx four times (both gateways twice).
    const first = await page(cluster.gatewayUrls[0], address);
    expect(first.status).toBe(200);
    expect(first.rendered).toBe(true);
    const second = await page(cluster.gatewayUrls[1], address);
    expect(second.hit).toBe(true);
    expect(second.html.length).toBeGreaterThan(0);
    const through = await Promise.all([0, 1, 2, 3].map(() => page(cluster.url, address)));
    expect(through.map((res) => res.hit)).toEqual([true, true, true, true]);
    // The same page, whoever answered (the render's carries its nonce, stored ones their hashes).
    const same = (html: string) => html.replace(/ nonce="[^"]+"/g, '');
    for (const res of [second, ...through]) expect(same(res.html)).toBe(same(first.html));
  });

  it("passes the gateway's own compression through nginx, and streams nothing twice", async () => {
    const res = await fetch(`${cluster.url}/category`, {
      headers: { accept: 'text/html', 'accept-encoding': 'br', 'user-agent': CRAWLER },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await res.text()).toContain('<div id="root">');
  });

  it("believes nginx's X-Forwarded-Proto, and nginx replaces a client's own", async () => {
    /** The session cookie a sign-in sets, sent to `origin` with `headers`. */
    const signIn = async (origin: string, headers: Record<string, string>) => {
      const res = await fetch(`${origin}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({
          query: 'mutation($i: LoginInput!) { login(input: $i) { __typename } }',
          variables: { i: { account: 'demo', password: 'demo123' } },
        }),
      });
      return res.headers.getSetCookie().find((line) => line.startsWith('shop_session=')) ?? '';
    };
    // A client claiming https through nginx: nginx says what it saw (http), so no Secure cookie.
    const throughNginx = await signIn(cluster.url, { 'x-forwarded-proto': 'https' });
    expect(throughNginx).toMatch(/^shop_session=/);
    expect(throughNginx).not.toMatch(/;\s*secure/i);
    // The same header from nginx's address (as nginx sends it when TLS ends there) is believed.
    const fromNginxAddress = await signIn(cluster.gatewayUrls[0], { 'x-forwarded-proto': 'https' });
    expect(fromNginxAddress).toMatch(/;\s*secure/i);
  });

  /** GraphQL through nginx (round-robin), keeping the session cookie like a browser. */
  function browser() {
    let cookie = '';
    return async (query: string, variables?: Record<string, unknown>) => {
      const res = await fetch(`${cluster.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: JSON.stringify({ query, variables }),
      });
      const set = res.headers.getSetCookie().find((line) => line.startsWith('shop_session='));
      if (set) cookie = set.split(';')[0];
      return { status: res.status, body: (await res.json()) as any, renewed: Boolean(set) };
    };
  }

  it('keeps a session and refreshes it whichever gateway answers', async () => {
    const gql = browser();
    const login = await gql('mutation($i: LoginInput!) { login(input: $i) { __typename } }', {
      i: { account: 'demo', password: 'demo123' },
    });
    expect(login.body.errors).toBeUndefined();
    expect(login.renewed).toBe(true);
    // the cart needs the service with the shopper's access token (a refresh when it has expired)
    const who = '{ session { isAuthenticated } cart { totalQuantity } }';
    for (let i = 0; i < 4; i += 1) {
      const res = await gql(who); // alternates between the two gateways
      expect(res.body.data.session.isAuthenticated).toBe(true);
    }
    await wait(2_500); // the access token (2 s) has expired: the next calls refresh
    const after = await Promise.all([gql(who), gql(who), gql(who), gql(who)]);
    for (const res of after) {
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data.session.isAuthenticated).toBe(true);
    }
    expect(after.some((res) => res.renewed)).toBe(true);
    for (let i = 0; i < 4; i += 1) expect((await gql(who)).body.data.session.isAuthenticated).toBe(true);
  });

  it('sells the last unit to exactly one of 50 buyers spread over both services', async () => {
    const productId = await addProduct(service, { stock: 1 });
    const buyers: Shopper[] = [];
    for (let i = 0; i < 50; i += 1) buyers.push(await shopper(service));
    const results = await Promise.all(
      buyers.map(async (buyer, i) => {
        const res = await fetch(`${cluster.serviceUrls[i % 2]}/service/shop/order`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...buyer.headers },
          body: JSON.stringify({
            productId,
            quantity: 1,
            addressId: buyer.addressId,
            paymentMethod: 'lpay',
            requestId: randomUUID(),
          }),
        });
        return ((await res.json()) as { success: boolean }).success;
      }),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const { stock } = await service.ctx.db
      .selectFrom('products')
      .select('stock')
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    expect(stock).toBe(0);
    const orders = await service.ctx.db
      .selectFrom('order_items')
      .select('order_id')
      .where('product_id', '=', productId)
      .execute();
    expect(orders).toHaveLength(1);
  });

  it('cancels each expired unpaid order once, though both instances run the expiry', async () => {
    const rows = await service.ctx.db
      .selectFrom('orders')
      .select(['id', 'status'])
      .where('id', 'in', expiring.orderIds)
      .execute();
    expect(rows).toHaveLength(3);
    // every one cancelled (status 4), and the stock came back exactly once (10, not more)
    expect(rows.map((row) => row.status)).toEqual([4, 4, 4]);
    const { stock } = await service.ctx.db
      .selectFrom('products')
      .select('stock')
      .where('id', '=', expiring.productId)
      .executeTakeFirstOrThrow();
    expect(stock).toBe(10);
  });

  it('throttles a login across instances (failures counted in the shared database)', async () => {
    const buyer = await shopper(service);
    const attempt = (i: number, password: string) =>
      fetch(`${cluster.serviceUrls[i % 2]}/service/shop/shop-user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account: buyer.account, password }),
      });
    for (let i = 0; i < 3; i += 1) expect((await attempt(i, 'wrong-password')).status).not.toBe(429);
    const first = await attempt(0, 'fixture123');
    const second = await attempt(1, 'fixture123');
    expect(first.status).toBe(429);
    expect(second.status).toBe(429);
  });

  it('serves everybody while one client bursts 300 requests, and tells that client alone to slow down', async () => {
    // The bursting client comes from an address of its own, as a visitor on another host would.
    const burster = new Agent({ localAddress: '127.0.0.2', connections: 300 });
    /** Another visitor on 127.0.0.1: a page and a GraphQL call, as a browser's navigation makes them. */
    const visit = async () => {
      const home = await fetch(`${cluster.url}/home`, { headers: { accept: 'text/html' } });
      await home.arrayBuffer();
      const gql = await fetch(`${cluster.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ session { isAuthenticated } }' }),
      });
      await gql.arrayBuffer();
      return [home.status, gql.status];
    };
    try {
      let bursting = true;
      const burst = Promise.all(
        Array.from({ length: 300 }, async () => {
          const res = await request(`${cluster.url}/sitemap.xml`, { dispatcher: burster });
          await res.body.dump();
          return { status: res.statusCode, retryAfter: res.headers['retry-after'] };
        }),
      ).finally(() => {
        bursting = false;
      });
      const visitor: number[] = [];
      // Visits while the burst is answered (bounded, so the visitor stays a visitor), then one after.
      for (let round = 0; bursting && round < 15; round += 1) visitor.push(...(await visit()));
      const answers = await burst;
      visitor.push(...(await visit()));

      expect(visitor.length).toBeGreaterThanOrEqual(4);
      expect(new Set(visitor)).toEqual(new Set([200]));
      const statuses = answers.map((answer) => answer.status);
      expect(new Set(statuses)).toEqual(new Set([200, 429]));
      for (const answer of answers.filter((a) => a.status === 429)) expect(answer.retryAfter).toBe('1');
    } finally {
      await burster.close();
    }
  });

  it('takes a gateway whose /readyz fails out of nginx, and puts it back once it is ready', async () => {
    const conf = path.join(cluster.nginxPrefix, 'nginx.conf');
    const accessLog = path.join(cluster.nginxPrefix, 'logs/access.log');
    const [first, second] = cluster.gatewayUrls.map((url) => new URL(url).host);
    const until = async (check: () => boolean) => {
      for (const deadline = Date.now() + 20_000; Date.now() < deadline; await wait(200))
        if (check()) return true;
      return false;
    };
    /** Which gateway nginx sent each of `count` requests to (its access log's upstream=). */
    const answeredBy = async (count: number) => {
      const tag = randomUUID();
      const from = fs.statSync(accessLog).size;
      for (let i = 0; i < count; i += 1)
        expect((await fetch(`${cluster.url}/healthz?${tag}`)).status).toBe(200);
      const lines = fs.readFileSync(accessLog, 'utf8').slice(from).split('\n');
      return lines.filter((line) => line.includes(tag)).map((line) => /upstream=(\S+)/.exec(line)?.[1]);
    };
    expect(new Set(await answeredBy(4))).toEqual(new Set([first, second]));

    // The first gateway's service stops answering: its /readyz fails, nginx is told to leave it.
    cluster.services[0].kill('SIGSTOP');
    try {
      expect(
        await until(() =>
          fs
            .readFileSync(conf, 'utf8')
            .includes(`server ${first} max_conns=256 max_fails=3 fail_timeout=10s down;`),
        ),
      ).toBe(true);
      await wait(500); // nginx's new workers take over
      expect(await answeredBy(6)).toEqual(Array(6).fill(second));
    } finally {
      cluster.services[0].kill('SIGCONT');
    }
    expect(await until(() => !fs.readFileSync(conf, 'utf8').includes(' down;'))).toBe(true);
    await wait(500);
    expect(new Set(await answeredBy(4))).toEqual(new Set([first, second]));
  }, 60_000);

  describe('the edge cache', () => {
    /** A persisted query as the web client sends it: GET, the hash alone, the CSRF header. */
    async function persisted(
      name: string,
      variables: Record<string, unknown>,
      headers: Record<string, string>,
    ) {
      const params = new URLSearchParams({
        operationName: name,
        variables: JSON.stringify(variables),
        extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: OPERATIONS.get(name) } }),
      });
      const res = await fetch(`${cluster.url}/graphql?${params}`, {
        headers: { 'apollo-require-preflight': 'true', ...headers },
      });
      const body = (await res.json()) as any;
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(body.errors).toBeUndefined();
      return { edge: res.headers.get('x-cache-status'), headers: res.headers, data: body.data };
    }
    const product = (id: number, headers: Record<string, string>) =>
      persisted('GoodsDetailPage', { id: String(id) }, headers).then((res) => ({
        ...res,
        product: res.data.product as { name: string; stock: number; price: { fen: number } },
      }));
    /** A page through nginx, as a crawler asks for it (complete, never streamed). */
    async function edgePage(address: string, headers: Record<string, string>) {
      const res = await fetch(`${cluster.url}${address}`, {
        headers: { accept: 'text/html', 'user-agent': CRAWLER, ...headers },
      });
      return { edge: res.headers.get('x-cache-status'), headers: res.headers, html: await res.text() };
    }
    /** The session cookie of a fresh sign-in through nginx. */
    async function signIn(account: string, password: string): Promise<string> {
      const res = await fetch(`${cluster.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: 'mutation($i: LoginInput!) { login(input: $i) { __typename } }',
          variables: { i: { account, password } },
        }),
      });
      const set = res.headers.getSetCookie().find((line) => line.startsWith('shop_session='));
      if (!set) throw new Error(`${account} could not sign in`);
      return set.split(';')[0];
    }
    const EN = { 'accept-language': 'en-GB' };
    const ZH = { 'accept-language': 'zh-CN' };

    it('answers a second anonymous GET from the edge, each language apart', async () => {
      const id = await addProduct(service, { stock: 7 });
      const zh = await product(id, ZH);
      expect(zh.edge).toBe('MISS');
      expect(zh.headers.get('cache-control')).toMatch(/public/);
      // nginx's own headers never reach the client
      expect(zh.headers.get('x-accel-expires')).toBeNull();
      const zhAgain = await product(id, ZH);
      expect(zhAgain.edge).toBe('HIT');
      expect(zhAgain.data).toEqual(zh.data);

      const en = await product(id, EN);
      expect(en.edge).toBe('MISS');
      expect(en.product.name).toMatch(/^Fixture product /);
      expect(zh.product.name).toMatch(/^测试商品 /);
      const [enAgain, zhThird] = [await product(id, EN), await product(id, ZH)];
      expect(enAgain.edge).toBe('HIT');
      expect(enAgain.product.name).toBe(en.product.name);
      expect(zhThird.edge).toBe('HIT');
      expect(zhThird.product.name).toBe(zh.product.name);
    });

    it('keeps pages apart by language, the language cookie included', async () => {
      const id = await addProduct(service, { stock: 7 });
      const address = `/goods/detail/${id}`;
      const lang = (html: string) => /<html[^>]* lang="([^"]+)"/.exec(html)?.[1];
      for (const [headers, expected] of [
        [ZH, 'zh-CN'],
        [EN, 'en-GB'],
        [{ ...ZH, cookie: 'shop_locale=en-GB' }, 'en-GB'],
      ] as const) {
        const first = await edgePage(address, headers);
        expect(first.edge, JSON.stringify(headers)).toBe('MISS');
        expect(lang(first.html)).toBe(expected);
        const again = await edgePage(address, headers);
        expect(again.edge, JSON.stringify(headers)).toBe('HIT');
        expect(lang(again.html)).toBe(expected);
      }
    });

    it("never answers a signed-in shopper from the edge, nor keeps a signed-in shopper's answer", async () => {
      const cookie = await signIn('demo', 'demo123');
      const [kept, fresh] = [await addProduct(service), await addProduct(service)];
      await product(kept, ZH);
      expect((await product(kept, ZH)).edge).toBe('HIT');
      // The shopper asks for the very address the edge holds: a gateway answers, not for the edge.
      const signedIn = await product(kept, { ...ZH, cookie });
      expect(signedIn.edge).toBe('BYPASS');
      expect(signedIn.headers.get('cache-control')).not.toMatch(/public/);
      // An address the shopper asks first is not kept for the visitor after.
      expect((await product(fresh, { ...ZH, cookie })).edge).toBe('BYPASS');
      expect((await product(fresh, ZH)).edge).toBe('MISS');

      // A page: the visitor's is kept, the shopper's is their own and never kept.
      const address = `/goods/detail/${kept}`;
      const state = (html: string) => /"isAuthenticated":(true|false)/.exec(html)?.[1];
      await edgePage(address, ZH);
      const visitor = await edgePage(address, ZH);
      expect(visitor.edge).toBe('HIT');
      expect(state(visitor.html)).toBe('false');
      const shopper = await edgePage(address, { ...ZH, cookie });
      expect(shopper.edge).toBe('BYPASS');
      expect(state(shopper.html)).toBe('true');
      const visitorAgain = await edgePage(address, ZH);
      expect(visitorAgain.edge).toBe('HIT');
      expect(state(visitorAgain.html)).toBe('false');
    });

    it("shows an edit of a product's name and price through the edge within 2 s", async () => {
      const adminCookie = await signIn('admin', 'admin123');
      const admin = async (query: string, input: Record<string, unknown>) => {
        const res = await fetch(`${cluster.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: adminCookie },
          body: JSON.stringify({ query, variables: { input } }),
        });
        const body = (await res.json()) as any;
        expect(body.errors).toBeUndefined();
        const payload = Object.values(body.data as object)[0] as any;
        expect(payload.userErrors).toEqual([]);
        return payload.product as { id: string; version: number };
      };
      const category = await service.ctx.db
        .selectFrom('categories')
        .select('id')
        .where('parent_id', 'is not', null)
        .executeTakeFirstOrThrow();
      const created = await admin(
        `mutation($input: CreateProductInput!) {
          createProduct(input: $input) { product { id version } userErrors { code message } } }`,
        {
          nameZh: `边缘${randomUUID().slice(0, 8)}`,
          nameEn: `Edge ${randomUUID().slice(0, 8)}`,
          descriptionEn: 'Kept at the edge for a second.',
          categoryId: String(category.id),
          price: '12.50',
          stock: 50,
        },
      );
      const id = Number(created.id);
      const address = `/goods/detail/${id}`;
      // Both kept at the edge before the edit.
      for (let i = 0; i < 2; i += 1) {
        await product(id, EN);
        await edgePage(address, EN);
      }
      expect((await product(id, EN)).edge).toBe('HIT');
      expect((await edgePage(address, EN)).edge).toBe('HIT');

      const name = `Edited ${randomUUID().slice(0, 8)}`;
      await admin(
        `mutation($input: UpdateProductInput!) {
          updateProduct(input: $input) { product { id version } userErrors { code message } } }`,
        { id: created.id, version: created.version, nameEn: name, price: '9.90' },
      );
      const editedAt = performance.now();
      for (;;) {
        const [answer, page] = await Promise.all([product(id, EN), edgePage(address, EN)]);
        const elapsed = performance.now() - editedAt;
        if (answer.product.name === name && answer.product.price.fen === 990 && page.html.includes(name))
          break;
        expect(elapsed, `still showing ${answer.product.name} at ${answer.product.price.fen}`).toBeLessThan(
          2_000,
        );
        await wait(100);
      }
    });

    it('shows a stock change through the edge within the stock bound', async () => {
      const id = await addProduct(service, { stock: 7 });
      await product(id, EN);
      expect((await product(id, EN)).edge).toBe('HIT');
      await service.ctx.db.updateTable('products').set({ stock: 3 }).where('id', '=', id).execute();
      const changedAt = performance.now();
      for (;;) {
        const answer = await product(id, EN);
        const elapsed = performance.now() - changedAt;
        if (answer.product.stock === 3) break;
        expect(answer.product.stock).toBe(7);
        expect(elapsed).toBeLessThan(STOCK_MAX_AGE_MS);
        await wait(100);
      }
    });
  });
});
