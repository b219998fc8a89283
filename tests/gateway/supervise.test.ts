/**
 * The supervisor behind `npm start` (scripts/supervise.ts) with small node children: the back-off
 * between restarts, no restart for a child that never came up, and the force-kill of a child that
 * does not stop on SIGTERM.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ChildSpec, DEFAULT_BACK_OFF, nextDelay, Supervisor } from '../../scripts/supervise.ts';

const child = (name: string, code: string): ChildSpec => ({
  name,
  command: process.execPath,
  args: ['-e', code],
  env: process.env,
});

let supervisor: Supervisor | undefined;
afterEach(async () => {
  await supervisor?.stop(1000);
  supervisor = undefined;
});

describe('npm start: the supervisor', () => {
  it('doubles the delay after each short run up to the bound, and starts over after a stable run', () => {
    const delays: number[] = [];
    let delay: number | undefined;
    for (let run = 0; run < 9; run += 1) {
      delay = nextDelay(delay, 1000, DEFAULT_BACK_OFF);
      delays.push(delay);
    }
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    expect(nextDelay(30_000, DEFAULT_BACK_OFF.stableMs, DEFAULT_BACK_OFF)).toBe(500);
  });

  it('gives a child that exits before it came up back to the launcher, without restarting it', async () => {
    const lines: string[] = [];
    const onGiveUp = vi.fn();
    supervisor = new Supervisor({ onGiveUp, log: (line) => lines.push(line) });
    supervisor.start(child('refused', 'process.exit(3)'));
    await vi.waitFor(() => expect(onGiveUp).toHaveBeenCalledWith('refused', 3));
    expect(lines.filter((line) => line.startsWith('refused started'))).toHaveLength(1);
    expect(lines.at(-1)).toBe('refused exited (code 3) before it answered; not restarting');
  });

  it('counts a command that cannot be spawned as a child that exited before it came up', async () => {
    const lines: string[] = [];
    const onGiveUp = vi.fn();
    supervisor = new Supervisor({ onGiveUp, log: (line) => lines.push(line) });
    supervisor.start({ name: 'missing', command: '/nonexistent/node', args: [], env: process.env });
    await vi.waitFor(() => expect(onGiveUp).toHaveBeenCalledWith('missing', 1));
    expect(lines).toEqual([
      'missing could not run: spawn /nonexistent/node ENOENT',
      'missing exited (code 1) before it answered; not restarting',
    ]);
  });

  it('restarts a child that came up, after the back-off, each time it exits', async () => {
    const lines: string[] = [];
    const backOff = { firstMs: 100, maxMs: 200, stableMs: 60_000 };
    supervisor = new Supervisor({ onGiveUp: vi.fn(), backOff, log: (line) => lines.push(line) });
    const crashing = supervisor.start(child('crashing', 'setTimeout(() => process.exit(2), 30)'));
    crashing.up();
    await vi.waitFor(() => expect(lines.filter((line) => line.includes('restart 3)'))).toHaveLength(1), {
      timeout: 10_000,
    });
    const exits = lines.filter((line) => line.startsWith('crashing exited'));
    expect(exits.slice(0, 3).map((line) => line.replace(/after [\d.]+ s/, 'after …'))).toEqual([
      'crashing exited (code 2) after …; restarting in 0.1 s',
      'crashing exited (code 2) after …; restarting in 0.2 s',
      'crashing exited (code 2) after …; restarting in 0.2 s',
    ]);
  });

  it('kills a child that ignores SIGTERM once the deadline has passed', async () => {
    const lines: string[] = [];
    supervisor = new Supervisor({ onGiveUp: vi.fn(), log: (line) => lines.push(line) });
    const ready = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shop-supervise-')), 'ready');
    const stubborn = supervisor.start(
      child(
        'stubborn',
        `process.on('SIGTERM', () => {}); require('fs').writeFileSync(${JSON.stringify(ready)}, ''); setInterval(() => {}, 1000)`,
      ),
    );
    stubborn.up();
    const pid = stubborn.pid as number;
    await vi.waitFor(() => expect(fs.existsSync(ready)).toBe(true));
    fs.rmSync(path.dirname(ready), { recursive: true });
    const stoppedAt = Date.now();
    await supervisor.stop(300);
    expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(300);
    expect(() => process.kill(pid, 0)).toThrow();
    expect(lines).toContain(`stubborn (pid ${pid}) still running after 0.3 s: killed`);
    expect(lines.at(-1)).toBe('stubborn exited (signal SIGKILL)');
  });
});
