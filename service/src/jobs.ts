import type { AppContext } from './context.ts';
import { cancelExpiredOrders } from './modules/orders/transitions.ts';

export const EXPIRY_INTERVAL_MS = 30_000;

/**
 * Background work of the service: every ~30 s, unpaid orders past their payment deadline are
 * cancelled and their stock restored. Runs never overlap; several instances may run it at once
 * (each cancellation is a compare-and-set). Returns a stop function.
 */
export function startJobs(ctx: AppContext, intervalMs = EXPIRY_INTERVAL_MS): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await cancelExpiredOrders(ctx);
    } catch (error) {
      ctx.log.error({ err: error }, 'cancelling expired orders failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
