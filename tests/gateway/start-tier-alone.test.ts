/**
 * A tier deployed alone (`npm start --workspace @shop/service`, docs/operations.md): SIGTERM to the
 * `npm` process reaches the service itself, which drains and frees its port; nothing under npm is
 * left running.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../scripts/free-port.ts';
import { descendants, gone, listening } from './process-tree.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('npm start of one workspace', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-tier-'));
  let npm: ChildProcess | undefined;
  let started: number[] = [];

  afterAll(() => {
    // whatever a failed test left behind
    for (const pid of started) if (!gone(pid)) process.kill(pid, 'SIGKILL');
    npm?.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('stops the service, and frees its port, on SIGTERM to npm', async () => {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      SERVICE_PORT: String(port),
      LOG_LEVEL: 'error',
    };
    delete env.DATABASE_URL;
    delete env.TEST_DATABASE_URL;
    const child = spawn('npm', ['start', '--workspace', '@shop/service'], {
      cwd: ROOT,
      env,
      stdio: 'ignore',
    });
    npm = child;
    await vi.waitFor(async () => expect(await listening(port)).toBe(true), { timeout: 60_000, interval: 50 });
    const under = descendants(child.pid as number);
    started = under.map(({ pid }) => pid);
    // the service's node (a shell between npm and it would show as `sh -c node …`)
    expect(under.filter(({ command }) => /^\S*node .*src\/main\.ts$/.test(command))).toHaveLength(1);

    process.kill(child.pid as number, 'SIGTERM');
    await vi.waitFor(
      async () => {
        expect(started.filter((pid) => !gone(pid))).toEqual([]);
        expect(await listening(port)).toBe(false);
      },
      { timeout: 10_000, interval: 50 },
    );
  }, 90_000);
});
