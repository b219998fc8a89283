import type { Loaders } from './loaders.ts';
import type { RequestUpstream, SessionHandle } from './upstream/types.ts';

export type Locale = 'zh-CN' | 'en-GB';

/** The GraphQL context of one request: built by the server, used by resolvers. */
export interface GatewayContext {
  upstream: RequestUpstream;
  session: SessionHandle;
  /** Per-request DataLoaders over `upstream` (created by `createLoaders`). */
  loaders: Loaders;
  locale: Locale;
  /** The browser-facing origin, for absolute URLs (PUBLIC_ORIGIN). */
  publicOrigin: string;
}
