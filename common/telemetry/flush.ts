/**
 * The last spans of a stopping process: they wait in the batch processor for up to five seconds,
 * and a process that exits without flushing loses them. `telemetry/register.ts` hands its SDK's
 * shutdown here; main.ts awaits `flushTelemetry()` before it exits (a no-op without telemetry).
 * Kept apart from sdk.ts so a process without telemetry does not load the SDK to call it.
 */
let flush: (() => Promise<void>) | undefined;

export function onFlushTelemetry(shutdown: () => Promise<void>): void {
  flush = shutdown;
}

/** Exports what is pending and stops telemetry; gives up after `timeoutMs`. */
export async function flushTelemetry(timeoutMs = 3_000): Promise<void> {
  if (!flush) return;
  const pending = flush();
  flush = undefined;
  await Promise.race([
    pending.catch(() => {}),
    new Promise((resolve) => setTimeout(resolve, timeoutMs).unref()),
  ]);
}
