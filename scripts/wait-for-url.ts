/**
 * Polls a URL until it answers below 500, `timeoutMs` passes, or `cancelled()` turns true
 * (the launcher is shutting down). Used by `npm start` and `npm run dev` to sequence start-up.
 */
export async function waitForUrl(url: string, timeoutMs: number, cancelled: () => boolean): Promise<boolean> {
  return (await waitForAnswer(url, timeoutMs, cancelled)).answered;
}

export type WaitOutcome = { answered: true } | { answered: false; lastError: string | undefined };

/**
 * As waitForUrl, keeping why the last attempt failed, for a launcher that gives up to say it: a refused
 * connection, a port `fetch` will not open ("bad port"), a timeout, a status of 500 or more.
 */
export async function waitForAnswer(
  url: string,
  timeoutMs: number,
  cancelled: () => boolean,
): Promise<WaitOutcome> {
  const deadline = Date.now() + timeoutMs;
  let lastError: string | undefined;
  while (Date.now() < deadline && !cancelled()) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.body?.cancel();
      if (res.status < 500) return { answered: true };
      lastError = `it answered ${res.status}`;
    } catch (error) {
      lastError = failureText(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { answered: false, lastError };
}

/** `fetch failed` says nothing: its cause does (`connect ECONNREFUSED …`, `bad port`). */
function failureText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  return cause ? `${error.message}: ${cause}` : error.message;
}
