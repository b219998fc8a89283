/**
 * Calls back once when this process's parent has gone (it was killed with SIGKILL, or crashed),
 * seen as a change of `process.ppid` (the orphan is adopted by init or a subreaper). Polled, since
 * no signal tells a child about its parent's death unless the two share a channel.
 */
export function whenParentGone(callback: () => void, everyMs = 1000): void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    callback();
  }, everyMs);
  timer.unref();
}
