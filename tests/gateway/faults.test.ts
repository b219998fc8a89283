// biome-ignore-all lint/suspicious/noExplicitAny: GraphQL answers are asserted field by field
/**
 * Faults between the gateway and the service: a small HTTP proxy in between that delays past the
 * upstream timeout, resets the connection, truncates the answer, or answers 5xx without an
 * envelope. Each case must give a typed GraphQL error (UPSTREAM_UNAVAILABLE / UPSTREAM_ERROR, with
 * a message in the caller's language) within the configured timeout, and the gateway must stay up
 * and answer normally once the service is reachable again.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeServer, type GatewayHarness, listen, startGatewayHarness } from './harness.ts';

type Fault = 'none' | 'delay' | 'reset' | 'truncate' | '502-html' | '503-empty' | '500-envelope-missing';

const TIMEOUT_MS = 600;

/** Forwards to `target` unless a fault is set; `faulted` counts the requests a fault answered. */
function faultProxy() {
  const state = { fault: 'none' as Fault, target: '', faulted: 0 };
  const handler: http.RequestListener = (req, res) => {
    if (state.fault !== 'none') state.faulted += 1;
    switch (state.fault) {
      case 'delay': {
        // Hold the answer well past the gateway's upstream timeout, then give up quietly.
        const timer = setTimeout(() => res.destroy(), TIMEOUT_MS * 5);
        res.once('close', () => clearTimeout(timer));
        return;
      }
      case 'reset':
        req.socket.destroy();
        return;
      case 'truncate':
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '400' });
        res.write('{"success":true,"data":{"id":1,"na');
        setTimeout(() => res.destroy(), 20);
        return;
      case '502-html':
        res.writeHead(502, { 'content-type': 'text/html' }).end('<html><body>Bad Gateway</body></html>');
        return;
      case '503-empty':
        res.writeHead(503).end();
        return;
      case '500-envelope-missing':
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"oops":true}');
        return;
    }
    const upstream = http.request(
      `${state.target}${req.url}`,
      { method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.once('error', () => res.destroy());
    req.pipe(upstream);
  };
  return { state, handler };
}

describe('gateway: faults between gateway and service', () => {
  let h: GatewayHarness;
  let proxy: { server: http.Server; url: string };
  const { state, handler } = faultProxy();

  beforeAll(async () => {
    proxy = await listen(handler);
    h = await startGatewayHarness({
      serviceUrl: proxy.url,
      gatewayEnv: { UPSTREAM_TIMEOUT: `${TIMEOUT_MS}ms`, READY_TIMEOUT: `${TIMEOUT_MS}ms` },
    });
    state.target = h.serviceUrl;
  });
  afterAll(async () => {
    await h.close();
    await closeServer(proxy.server);
  });

  let id = 0;
  /** A public query that no cache can answer (a new product id each time). */
  async function product(headers: Record<string, string> = {}) {
    id += 1;
    const started = performance.now();
    const res = await h.gql<any>(
      'query($id: ID!) { product(id: $id) { id name stock } }',
      { id: String(id) },
      {
        headers,
      },
    );
    return { res, ms: performance.now() - started };
  }

  const cases: Array<[Fault, string, string]> = [
    ['delay', 'UPSTREAM_UNAVAILABLE', 'The request timed out'],
    ['reset', 'UPSTREAM_UNAVAILABLE', ''],
    ['truncate', 'UPSTREAM_UNAVAILABLE', ''],
    ['502-html', 'UPSTREAM_ERROR', ''],
    ['503-empty', 'UPSTREAM_ERROR', ''],
    ['500-envelope-missing', 'UPSTREAM_ERROR', ''],
  ];

  for (const [fault, code, english] of cases) {
    it(`${fault}: a typed ${code} within the timeout, and the gateway stays up`, async () => {
      state.fault = fault;
      state.faulted = 0;
      const { res, ms } = await product({ 'accept-language': 'en-GB' });
      expect(state.faulted).toBeGreaterThan(0);
      expect(res.status).toBe(200);
      expect(res.data?.product ?? null).toBeNull();
      expect(res.errors?.[0].extensions?.code).toBe(code);
      expect(res.errors?.[0].extensions?.alterMsg).toEqual(expect.any(String));
      if (english) expect(res.errors?.[0].extensions?.alterMsg).toContain(english);
      expect(ms).toBeLessThan(TIMEOUT_MS + 1_500);

      // still up: health, and the next call works once the service answers again
      expect((await h.http.get('/healthz')).status).toBe(200);
      state.fault = 'none';
      const after = await product();
      expect(after.res.errors).toBeUndefined();
      expect(after.res.data.product === null || typeof after.res.data.product.id === 'string').toBe(true);
    });
  }

  it('reports unready while the service does not answer, ready again after', async () => {
    state.fault = 'delay';
    const down = await h.http.get('/readyz');
    expect(down.status).toBe(503);
    state.fault = 'none';
    const up = await h.http.get('/readyz');
    expect(up.status).toBe(200);
  });
});
