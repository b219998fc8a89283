import type { RequestUpstream } from './upstream/types.ts';

/** Per-request DataLoaders; each GraphQL request gets fresh ones so nothing leaks between users. */
export type Loaders = Record<string, never>;

export function createLoaders(_upstream: RequestUpstream): Loaders {
  return {};
}
