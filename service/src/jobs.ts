import type { AppContext } from './context.ts';

/** Background work of the service (e.g. cancelling unpaid orders). Returns a stop function. */
export function startJobs(_ctx: AppContext): () => void {
  return () => {};
}
