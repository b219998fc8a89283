/**
 * Polls a URL until it answers below 500, `timeoutMs` passes, or `cancelled()` turns true
 * (the launcher is shutting down). Used by `npm start` and `npm run dev` to sequence start-up.
 */
export async function waitForUrl(url: string, timeoutMs: number, cancelled: () => boolean): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !cancelled()) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.status < 500) return true;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}
