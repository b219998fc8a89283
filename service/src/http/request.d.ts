import type { Logger } from 'pino';
import type { Locale } from '../i18n/index.ts';
import type { AuthUser } from './auth.ts';

declare global {
  namespace Express {
    interface Request {
      locale: Locale;
      user?: AuthUser;
      /** The caller's button codes (permissions), read at most once; set by requireUser. */
      buttons?: () => Promise<ReadonlySet<string>>;
      log: Logger;
      /** The exact bytes of a JSON body, for signature checks. */
      rawBody?: Buffer;
    }
  }
}
