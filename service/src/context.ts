import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { AccessTokens } from './auth/access-tokens.ts';
import type { ServiceConfig } from './config.ts';
import type { DialectName } from './db/database.ts';
import type { Database } from './db/types.ts';

/** Everything a module needs, passed explicitly so tests can build one per temporary database. */
export interface AppContext {
  db: Kysely<Database>;
  dialect: DialectName;
  config: ServiceConfig;
  secrets: { token: string; lpay: string };
  tokens: AccessTokens;
  log: Logger;
  /** The current time; tests move it to expire links, tokens and unpaid orders. */
  now(): Date;
}

export const iso = (date: Date) => date.toISOString();
