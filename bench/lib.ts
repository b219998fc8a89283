/**
 * Shared pieces of `npm run bench`: child processes on free loopback ports, a request loop over
 * an undici Pool (throughput at a concurrency for a fixed time, or sequential latency), and
 * table printing. Traffic goes to 127.0.0.1 only.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { freePort } from '../scripts/free-port.ts';
import { waitForUrl } from '../scripts/wait-for-url.ts';
import type { AppContext } from '../service/src/context.ts';

export interface Child {
  process: ChildProcess;
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts `node --import tsx <script>` with `env` and waits until `readyPath` answers. `imports`
 * are loaded after tsx (TypeScript modules, such as a process's telemetry register module).
 */
export async function startChild(
  script: string,
  env: Record<string, string>,
  port: number,
  readyPath: string,
  nodeArgs: string[] = [],
  imports: string[] = [],
): Promise<Child> {
  const after = imports.flatMap((module) => ['--import', module]);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', ...after, script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const url = `http://127.0.0.1:${port}`;
  if (!(await waitForUrl(`${url}${readyPath}`, 60_000, () => exited))) {
    child.kill('SIGKILL');
    throw new Error(`${script} did not start (${url}${readyPath})`);
  }
  return {
    process: child,
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
      }),
  };
}

/** The service on a temporary SQLite database in `dir`, as the sections run it (a cheap password hash). */
export async function startBenchService(dir: string): Promise<Child> {
  const port = await freePort();
  return startChild(
    'service/src/main.ts',
    { DATA_DIR: dir, SERVICE_PORT: String(port), LOG_LEVEL: 'warn', PASSWORD_HASH_COST: '12' },
    port,
    '/service/shop/system/config',
  );
}

export interface LoopResult {
  requests: number;
  failures: number;
  seconds: number;
  latencies: number[];
}

/** Sends for `seconds` with `concurrency` requests in flight; each send resolves true when the answer is right. */
export async function loop(
  concurrency: number,
  seconds: number,
  send: (i: number) => Promise<boolean>,
  maxRequests = Number.POSITIVE_INFINITY,
): Promise<LoopResult> {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline && next < maxRequests) {
      const i = next++;
      const t0 = performance.now();
      const ok = await send(i).catch(() => false);
      latencies.push(performance.now() - t0);
      if (!ok) failures += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { requests: latencies.length, failures, seconds: (performance.now() - started) / 1000, latencies };
}

export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
    : Number.NaN;
};

export const rps = (result: LoopResult) => result.requests / result.seconds;

/** Prints rows as an aligned text table (first column left-aligned, the others right-aligned). */
export function table(headers: string[], rows: Array<Array<string | number>>): void {
  const cells = [headers, ...rows.map((row) => row.map(String))];
  const widths = headers.map((_, c) => Math.max(...cells.map((row) => (row[c] ?? '').length)));
  const line = (row: string[]) =>
    row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ');
  console.log(line(headers));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of cells.slice(1)) console.log(line(row));
}

export const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '–');

/** A default delivery address for a bench shopper, written straight to the database (setup only). */
export async function insertDefaultAddress(ctx: AppContext, userId: number): Promise<{ id: number }> {
  const now = ctx.now().toISOString();
  return ctx.db
    .insertInto('addresses')
    .values({
      user_id: userId,
      recipient: '测试',
      phone: '13800000000',
      city: '上海市',
      detail: '测试路 1 号',
      is_default: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}
