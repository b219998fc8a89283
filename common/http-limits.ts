/**
 * Socket limits of the gateway's and the service's HTTP servers: a slow or idle client cannot hold
 * a socket (and its file descriptor) for long, and one address cannot hold more than its share.
 * Configured from the environment with the same names in both processes (settings/http-limits.ts).
 */
import http from 'node:http';
import type { Socket } from 'node:net';

export interface HttpLimits {
  /** The whole request head must arrive within this (HTTP_HEADERS_TIMEOUT). */
  headersTimeoutMs: number;
  /** The whole request, body included, must arrive within this (HTTP_REQUEST_TIMEOUT). */
  requestTimeoutMs: number;
  /** An idle keep-alive socket is closed after this (HTTP_KEEP_ALIVE_TIMEOUT). */
  keepAliveTimeoutMs: number;
  /** Open connections per client address; further ones are closed at once. 0: no bound. */
  maxConnectionsPerAddress: number;
  /** Open connections in all, trusted proxies' included; further ones are closed at once (MAX_CONNECTIONS). */
  maxConnections: number;
}

/** The variables of settings/http-limits.ts, as a process's schema parsed them. */
export interface HttpLimitSettings {
  HTTP_HEADERS_TIMEOUT: number;
  HTTP_REQUEST_TIMEOUT: number;
  HTTP_KEEP_ALIVE_TIMEOUT: number;
  MAX_CONNECTIONS_PER_ADDRESS: number;
  MAX_CONNECTIONS: number;
}

export function httpLimitsFrom(settings: HttpLimitSettings): HttpLimits {
  return {
    headersTimeoutMs: settings.HTTP_HEADERS_TIMEOUT,
    requestTimeoutMs: settings.HTTP_REQUEST_TIMEOUT,
    keepAliveTimeoutMs: settings.HTTP_KEEP_ALIVE_TIMEOUT,
    maxConnectionsPerAddress: settings.MAX_CONNECTIONS_PER_ADDRESS,
    maxConnections: settings.MAX_CONNECTIONS,
  };
}

/**
 * An HTTP server with the limits applied. Node checks the header and request deadlines every
 * `connectionsCheckingInterval`; it is set to a fraction of the header timeout so a slow client
 * is closed close to the deadline rather than up to 30 s later.
 *
 * `trustedProxy` names the peers this server believes as proxies (a balancer in front of the
 * gateway, the gateways in front of the service). They are not clients: every client behind one
 * arrives from its address, so counting it against the per-address bound would cut off everyone
 * at once. Their connections are bounded by the proxy itself (nginx's max_conns, the gateway's
 * pool) and, like everybody's, by the overall bound (`server.maxConnections`).
 */
export function createLimitedServer(
  limits: HttpLimits,
  listener?: http.RequestListener,
  trustedProxy: (address: string) => boolean = () => false,
): http.Server {
  const server = http.createServer({
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: Math.max(100, Math.min(1000, Math.floor(limits.headersTimeoutMs / 4))),
  });
  if (listener) server.on('request', listener);
  server.maxConnections = limits.maxConnections;
  if (limits.maxConnectionsPerAddress > 0)
    boundPerAddress(server, limits.maxConnectionsPerAddress, trustedProxy);
  return server;
}

function boundPerAddress(server: http.Server, max: number, exempt: (address: string) => boolean): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    if (socket.remoteAddress && exempt(socket.remoteAddress)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
