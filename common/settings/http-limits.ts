/** The socket-limit variables both processes read under the same names, with each one's defaults. */
import { duration } from './duration.ts';
import { wholeNumber } from './numbers.ts';
import { setting } from './setting.ts';

export interface HttpLimitDefaults {
  headersTimeout: string;
  requestTimeout: string;
  keepAliveTimeout: string;
  maxConnectionsPerAddress: number;
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
      `open connections per peer address; further ones are closed at once (\`0\`: no bound)${defaults.perAddressWhy ? `; ${defaults.perAddressWhy}` : ''}`,
    ),
  };
}
