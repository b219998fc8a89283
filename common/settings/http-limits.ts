/** The socket-limit variables both processes read under the same names, with each one's defaults. */
import { duration } from './duration.ts';
import { wholeNumber } from './numbers.ts';
import { setting } from './setting.ts';

export interface HttpLimitDefaults {
  headersTimeout: string;
  requestTimeout: string;
  keepAliveTimeout: string;
  maxConnectionsPerAddress: number;
  /** Open connections in all; 1024 unless the process says otherwise. */
  maxConnections?: number;
  /** Why this process's defaults are what they are, for the README. */
  keepAliveWhy?: string;
  perAddressWhy?: string;
}

export function httpLimitSettings(defaults: HttpLimitDefaults) {
  return {
    HTTP_HEADERS_TIMEOUT: setting(
      duration(),
      defaults.headersTimeout,
      'the whole request head must arrive within it',
    ),
    HTTP_REQUEST_TIMEOUT: setting(
      duration(),
      defaults.requestTimeout,
      'the whole request, body included, must arrive within it',
    ),
    HTTP_KEEP_ALIVE_TIMEOUT: setting(
      duration(),
      defaults.keepAliveTimeout,
      `an idle keep-alive socket is closed after it${defaults.keepAliveWhy ? ` (${defaults.keepAliveWhy})` : ''}`,
    ),
    MAX_CONNECTIONS_PER_ADDRESS: setting(
      wholeNumber(0),
      String(defaults.maxConnectionsPerAddress),
      `open connections per peer address; further ones are closed at once (\`0\`: no bound). Peers trusted as proxies are not counted: every client behind one shares its address${defaults.perAddressWhy ? `; ${defaults.perAddressWhy}` : ''}`,
    ),
    MAX_CONNECTIONS: setting(
      wholeNumber(1),
      String(defaults.maxConnections ?? 1024),
      "open connections in all, trusted proxies included; further ones are closed at once. Keep it above what the proxies in front open (nginx `max_conns`, the gateways' `UPSTREAM_CONNECTIONS`)",
    ),
  };
}
