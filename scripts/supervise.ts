/**
 * The child-process supervisor of `npm start`: keeps each child running, restarting one that exits
 * after a back-off, and stops them all in order within a deadline.
 *
 * - A child that exits before the launcher has seen it answer once (`up()`) is not restarted: a
 *   process that cannot start (a refused setting, a port in use) will not start on the next try
 *   either, so `onGiveUp` is told instead. After that every exit is restarted: 0.5 s, doubling up to
 *   30 s, back to 0.5 s once a run has lasted a minute.
 * - Each child leads its own process group (`detached`), so a Ctrl-C in the terminal reaches only
 *   the launcher, which stops the children in the order it chooses, and a force-kill takes the
 *   child's own helpers (tsx's esbuild service) with it.
 * - One line per start and per exit, naming the child and its pid.
 */
import { type ChildProcess, spawn } from 'node:child_process';

export interface ChildSpec {
  name: string;
  command: string;
  args: readonly string[];
  env: NodeJS.ProcessEnv;
}

export interface BackOff {
  firstMs: number;
  maxMs: number;
  /** A run at least this long resets the delay to `firstMs`. */
  stableMs: number;
}

export const DEFAULT_BACK_OFF: BackOff = { firstMs: 500, maxMs: 30_000, stableMs: 60_000 };

/** The delay before the next start: doubled after a short run, reset after a stable one. */
export function nextDelay(previousMs: number | undefined, ranMs: number, backOff: BackOff): number {
  if (previousMs === undefined || ranMs >= backOff.stableMs) return backOff.firstMs;
  return Math.min(previousMs * 2, backOff.maxMs);
}

export interface Supervised {
  readonly name: string;
  /** The pid of the current run (undefined while waiting to restart). */
  readonly pid: number | undefined;
  /** The child has answered once: from now on an exit is restarted. */
  up(): void;
}

export interface SupervisorOptions {
  backOff?: BackOff;
  /** A child exited before `up()`: the launcher decides what follows. */
  onGiveUp: (name: string, code: number) => void;
  log?: (line: string) => void;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const isRunning = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

interface Entry extends Supervised {
  child: ChildProcess | undefined;
  exited: Promise<void>;
}

export class Supervisor {
  readonly #entries: Entry[] = [];
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #backOff: BackOff;
  readonly #log: (line: string) => void;
  #stopping: Promise<void> | undefined;

  constructor(private readonly options: SupervisorOptions) {
    this.#backOff = options.backOff ?? DEFAULT_BACK_OFF;
    this.#log = options.log ?? ((line) => console.error(`[start] ${line}`));
  }

  get stopping(): boolean {
    return this.#stopping !== undefined;
  }

  start(spec: ChildSpec): Supervised {
    let isUp = false;
    let delay: number | undefined;
    let runs = 0;
    const entry: Entry = {
      name: spec.name,
      child: undefined,
      exited: Promise.resolve(),
      get pid() {
        return entry.child && isRunning(entry.child) ? entry.child.pid : undefined;
      },
      up: () => {
        isUp = true;
      },
    };
    const run = () => {
      const startedAt = Date.now();
      const child = spawn(spec.command, [...spec.args], {
        stdio: 'inherit',
        env: spec.env,
        detached: true,
      });
      entry.child = child;
      runs += 1;
      if (child.pid !== undefined)
        this.#log(`${spec.name} started (pid ${child.pid}${runs > 1 ? `, restart ${runs - 1}` : ''})`);
      entry.exited = new Promise((resolve) => {
        // A process that could not be spawned at all (EAGAIN, ENOMEM) counts as one that exited.
        child.once('error', (error) => {
          this.#log(`${spec.name} could not run: ${error.message}`);
          if (child.pid === undefined) child.emit('exit', 1, null);
        });
        child.once('exit', (code, signal) => {
          // the child's helpers die with it (their group is gone with its leader otherwise)
          killGroup(child, false);
          resolve();
          const ran = Date.now() - startedAt;
          const how = signal ? `signal ${signal}` : `code ${code}`;
          if (this.stopping) {
            this.#log(`${spec.name} exited (${how})`);
          } else if (!isUp) {
            this.#log(`${spec.name} exited (${how}) before it answered; not restarting`);
            this.options.onGiveUp(spec.name, code || 1);
          } else {
            delay = nextDelay(delay, ran, this.#backOff);
            this.#log(`${spec.name} exited (${how}) after ${seconds(ran)}; restarting in ${seconds(delay)}`);
            const timer = setTimeout(() => {
              this.#timers.delete(timer);
              run();
            }, delay);
            this.#timers.add(timer);
          }
        });
      });
    };
    // a stop under way has already chosen what it waits for: nothing new starts behind its back
    if (this.stopping) return entry;
    this.#entries.push(entry);
    run();
    return entry;
  }

  /**
   * SIGTERM to each child in the reverse of its start order (the gateway drains its requests
   * while the service still answers them), each after the one before has exited; whatever still
   * runs `deadlineMs` after the call is killed with its process group. Resolves once all are gone.
   */
  stop(deadlineMs: number): Promise<void> {
    this.#stopping ??= this.#stop(deadlineMs);
    return this.#stopping;
  }

  async #stop(deadlineMs: number): Promise<void> {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    const running = () => this.#entries.filter((entry) => entry.child && isRunning(entry.child));
    const names = running().map((entry) => entry.name);
    if (names.length === 0) return;
    this.#log(`stopping ${names.reverse().join(', ')} (force-kill after ${seconds(deadlineMs)})`);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), deadlineMs);
    });
    const inOrder = (async () => {
      for (const entry of [...this.#entries].reverse()) {
        if (entry.child && isRunning(entry.child)) entry.child.kill('SIGTERM');
        await entry.exited;
      }
    })();
    const outcome = await Promise.race([inOrder, deadline]);
    clearTimeout(timer);
    if (outcome !== 'late') return;
    for (const entry of running()) {
      this.#log(`${entry.name} (pid ${entry.child?.pid}) still running after ${seconds(deadlineMs)}: killed`);
      killGroup(entry.child as ChildProcess, true);
    }
    await Promise.all(this.#entries.map((entry) => entry.exited));
  }
}

/**
 * SIGKILL to the child's process group (it leads one: `detached`); `orAlone` kills the child by
 * its pid when the group cannot be signalled. An empty group is no error.
 */
function killGroup(child: ChildProcess, orAlone: boolean): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
  } catch {
    if (orAlone) child.kill('SIGKILL');
  }
}
