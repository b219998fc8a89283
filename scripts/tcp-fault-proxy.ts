/**
 * A TCP proxy that can fail on command, put between a process and something it talks to (the
 * service and PostgreSQL, the gateway and the service): `cut()` ends every open connection at
 * once, as a database restart or failover does; `refuse(true)` resets every new connection until
 * `refuse(false)`. Whatever runs on top (the PostgreSQL protocol, HTTP) passes through untouched.
 * Used by the outage suite and the soak bench.
 */
import net from 'node:net';

export interface TcpFaultProxy {
  /** host:port clients connect to. */
  host: string;
  port: number;
  /** Connections passed through since start (accepted and forwarded). */
  readonly forwarded: number;
  /** Connections reset because the proxy was refusing. */
  readonly refused: number;
  /** Resets every open connection (both sides). */
  cut(): void;
  refuse(on: boolean): void;
  close(): Promise<void>;
}

export async function startTcpFaultProxy(target: { host: string; port: number }): Promise<TcpFaultProxy> {
  const open = new Set<net.Socket>();
  let refusing = false;
  let forwarded = 0;
  let refused = 0;
  const track = (socket: net.Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    socket.on('error', () => {});
  };
  const server = net.createServer((client) => {
    if (refusing) {
      refused += 1;
      client.on('error', () => {});
      client.resetAndDestroy();
      return;
    }
    forwarded += 1;
    const upstream = net.connect(target.port, target.host);
    track(client);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    host: '127.0.0.1',
    port,
    get forwarded() {
      return forwarded;
    },
    get refused() {
      return refused;
    },
    cut() {
      for (const socket of open) {
        try {
          socket.resetAndDestroy();
        } catch {
          socket.destroy();
        }
      }
    },
    refuse(on: boolean) {
      refusing = on;
    },
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
