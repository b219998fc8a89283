import type { IncomingMessage } from 'node:http';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1)$/;

/** A socket address without the IPv4-mapped prefix a dual-stack listener reports (`::ffff:10.0.0.5`). */
const plainAddress = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');

/**
 * The origin a request was sent to, when the connection itself proves it is one of this gateway's own:
 * `Host` names the very address and port the connection arrived on (`localhost` for a loopback address),
 * as a browser opening `http://127.0.0.1:4000` or, from a phone, `http://192.168.1.20:4000` sends it.
 * Anything else is undefined, whatever `Host` says: a name of someone else's, a port this socket is not on,
 * or a balancer's address (that one is `PUBLIC_ORIGIN`). So a forged `Host` never reaches a link.
 */
export function arrivalOrigin(req: IncomingMessage, secure: boolean): string | undefined {
  const host = req.headers.host;
  const local = req.socket.localAddress;
  if (!host || !local) return undefined;
  let url: URL;
  try {
    url = new URL(`${secure ? 'https' : 'http'}://${host}`);
  } catch {
    return undefined;
  }
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return undefined;
  const port = url.port === '' ? (secure ? 443 : 80) : Number(url.port);
  if (port !== req.socket.localPort) return undefined;
  const address = plainAddress(local);
  const named = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const ours = named === 'localhost' ? LOOPBACK.test(address) : plainAddress(named) === address;
  return ours ? url.origin : undefined;
}
