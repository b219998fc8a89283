/**
 * Slow and greedy clients against the real processes (gateway and service started as `npm start`
 * starts them, on a temporary SQLite database): a socket that dribbles its request head one byte
 * at a time is closed within the configured header timeout, an idle keep-alive socket within the
 * keep-alive timeout, and one address cannot open more connections than its bound.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, startCluster } from '../../scripts/cluster.ts';

const HEADERS_TIMEOUT_MS = 2_000;
const KEEP_ALIVE_MS = 1_000;
const PER_ADDRESS = 30;
/** The loopback address the test's sockets come from. */
const CLIENT_ADDRESS = '127.0.0.77';
const limits = {
  HTTP_HEADERS_TIMEOUT: `${HEADERS_TIMEOUT_MS}ms`,
  HTTP_KEEP_ALIVE_TIMEOUT: `${KEEP_ALIVE_MS}ms`,
  MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS),
  LOG_LEVEL: 'silent',
};

/** Opens a socket and resolves with how long after `started` the server closed it. */
function openSocket(url: string, onConnect: (socket: net.Socket) => void) {
  const { port } = new URL(url);
  const started = performance.now();
  // From an address of its own: the gateway's pooled connections to the service come from
  // 127.0.0.1 and count towards that address's bound, whatever this test opens.
  const socket = net.connect({ port: Number(port), host: '127.0.0.1', localAddress: CLIENT_ADDRESS });
  socket.on('error', () => {});
  socket.once('connect', () => onConnect(socket));
  const closed = new Promise<number>((resolve) =>
    socket.once('close', () => resolve(performance.now() - started)),
  );
  return { socket, closed };
}

describe('slow clients: header timeout, idle keep-alive, connections per address', () => {
  let cluster: Cluster;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-slow-'));
    cluster = await startCluster({
      instances: 1,
      databaseUrl: '',
      // The service trusts only the gateway's address as a proxy (exempt from the per-address
      // bound), not the whole loopback range this test's sockets come from.
      serviceEnv: {
        ...limits,
        DATA_DIR: dataDir,
        PASSWORD_HASH_COST: '12',
        SERVICE_TRUSTED_PROXIES: '127.0.0.1',
      },
      gatewayEnv: { ...limits, DATA_DIR: dataDir },
      stdio: 'ignore',
    });
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const targets = () => [
    ['gateway', cluster.gatewayUrls[0]],
    ['service', cluster.serviceUrls[0]],
  ];

  it('closes sockets that send their request head one byte at a time within the header timeout', async () => {
    for (const [name, url] of targets()) {
      const sockets = Array.from({ length: 20 }, () =>
        openSocket(url, (socket) => {
          socket.write('GET /healthz HTTP/1.1\r\nHost: shop\r\n');
          const drip = setInterval(() => socket.writable && socket.write('X'), 200);
          socket.once('close', () => clearInterval(drip));
        }),
      );
      const closedAfter = await Promise.all(sockets.map((s) => s.closed));
      for (const ms of closedAfter) {
        expect(ms, name).toBeGreaterThan(HEADERS_TIMEOUT_MS * 0.8);
        expect(ms, name).toBeLessThan(HEADERS_TIMEOUT_MS + 1_500);
      }
    }
  });

  it('closes an idle keep-alive socket after the keep-alive timeout', async () => {
    for (const [name, url] of targets()) {
      let answeredAt = 0;
      const { closed } = openSocket(url, (socket) => {
        socket.write('GET /healthz HTTP/1.1\r\nHost: shop\r\nConnection: keep-alive\r\n\r\n');
        socket.once('data', (chunk) => {
          expect(chunk.toString('latin1'), name).toMatch(/^HTTP\/1\.1 200/);
          answeredAt = performance.now();
        });
      });
      await closed;
      const idleMs = performance.now() - answeredAt;
      expect(answeredAt, name).toBeGreaterThan(0);
      expect(idleMs, name).toBeGreaterThan(KEEP_ALIVE_MS * 0.8);
      expect(idleMs, name).toBeLessThan(KEEP_ALIVE_MS + 1_500);
    }
  });

  it('closes connections of one address beyond its bound at once, and serves again when they are gone', async () => {
    for (const [name, url] of targets()) {
      // How long each socket lived after it connected: the ones over the bound are closed at
      // once, the others stay until the header timeout (or until the test closes them).
      const held = Array.from({ length: PER_ADDRESS + 5 }, () => {
        const state = { connectedAt: 0, lived: Number.POSITIVE_INFINITY };
        let connected!: () => void;
        const ready = new Promise<void>((resolve) => (connected = resolve));
        const opened = openSocket(url, () => {
          state.connectedAt = performance.now();
          connected();
        });
        opened.socket.once('close', () => {
          state.lived = state.connectedAt ? performance.now() - state.connectedAt : 0;
          connected();
        });
        return { ...opened, state, ready };
      });
      await Promise.all(held.map((s) => s.ready));
      await new Promise((resolve) => setTimeout(resolve, HEADERS_TIMEOUT_MS / 2));
      const early = held.filter((s) => s.state.lived < HEADERS_TIMEOUT_MS / 2);
      expect(early.length, name).toBe(5);
      for (const s of held) s.socket.destroy();
      await Promise.all(held.map((s) => s.closed));
      expect((await fetch(`${url}/healthz`)).status, name).toBe(200);
    }
  });
});
