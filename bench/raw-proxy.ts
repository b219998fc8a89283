/**
 * The yardstick of the gateway benchmark: a raw pass-through proxy (node:http in, an undici Pool
 * out, bodies streamed, no parsing) in front of the shop service. What a gateway could cost at
 * the least. `PROXY_PORT`, `SHOP_SERVICE_URL`.
 */
import http from 'node:http';
import { Pool } from 'undici';

const target = process.env.SHOP_SERVICE_URL ?? 'http://127.0.0.1:4001';
const pool = new Pool(target, { connections: 32, pipelining: 1 });
const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'host', 'upgrade']);

const server = http.createServer(async (req, res) => {
  try {
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined && !HOP.has(name)) headers[name] = value;
    }
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const answer = await pool.request({
      method: req.method as 'GET',
      path: req.url ?? '/',
      headers,
      body: hasBody ? req : undefined,
    });
    const out: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !HOP.has(name)) out[name] = value;
    }
    res.writeHead(answer.statusCode, out);
    for await (const chunk of answer.body) res.write(chunk);
    res.end();
  } catch {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  }
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PROXY_PORT ?? 4100), '127.0.0.1');
process.on('SIGTERM', () => {
  server.close();
  void pool.close();
  setTimeout(() => process.exit(0), 100).unref();
});
