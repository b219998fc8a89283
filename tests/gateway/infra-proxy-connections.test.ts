/**
 * The connection bounds of common/http-limits.ts: a peer trusted as a proxy (the balancer in front
 * of a gateway, the gateways in front of the service) is not held to the per-address bound, since
 * every client behind it arrives from its address; anyone else is; and the overall bound holds
 * for everybody, proxies included.
 */
import type http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createLimitedServer, type HttpLimits } from '../../common/http-limits.ts';

const PROXY = '127.0.0.1';
const CLIENT = '127.0.0.2';
const PER_ADDRESS = 4;

const limits: HttpLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 10_000,
  keepAliveTimeoutMs: 10_000,
  maxConnectionsPerAddress: PER_ADDRESS,
  maxConnections: 1_000,
};

let server: http.Server | undefined;
const sockets: net.Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

async function listen(options: Partial<HttpLimits>): Promise<number> {
  server = createLimitedServer(
    { ...limits, ...options },
    (_req, res) => res.end('ok'),
    (address) => [PROXY, `::ffff:${PROXY}`].includes(address),
  );
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

/**
 * Opens `count` connections from `from` at once, keeps them all open, and asks for a page on each:
 * how many were answered (the others were closed by the server without a word).
 */
async function answered(port: number, from: string, count: number): Promise<number> {
  const outcomes = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<boolean>((resolve) => {
          const socket = net.connect({ port, host: '127.0.0.1', localAddress: from });
          sockets.push(socket);
          socket.on('error', () => resolve(false));
          socket.once('close', () => resolve(false));
          socket.once('data', (chunk) => resolve(chunk.toString('latin1').startsWith('HTTP/1.1 200')));
          socket.once('connect', () => socket.write('GET / HTTP/1.1\r\nHost: shop\r\n\r\n'));
        }),
    ),
  );
  return outcomes.filter(Boolean).length;
}

describe('connection bounds and trusted proxies', () => {
  it("does not count a trusted proxy's connections against the per-address bound", async () => {
    const port = await listen({});
    expect(await answered(port, PROXY, PER_ADDRESS * 8)).toBe(PER_ADDRESS * 8);
  });

  it('holds any other address to the per-address bound', async () => {
    const port = await listen({});
    expect(await answered(port, CLIENT, PER_ADDRESS + 6)).toBe(PER_ADDRESS);
  });

  it('holds everybody, a trusted proxy included, to the overall bound', async () => {
    const port = await listen({ maxConnections: 10 });
    expect(await answered(port, PROXY, 15)).toBe(10);
    expect(await answered(port, CLIENT, 2)).toBe(0);
  });
});
