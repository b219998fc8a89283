/**
 * A Redis server for the gateways' shared caches (Debian's redis-server), started as a child on
 * a free port: nothing written to disk (no snapshots, no append-only file), bounded memory with
 * the least recently used keys evicted first, as a cache wants. Used by scripts/cluster.ts when
 * REDIS_URL is not given, and by the cluster suite.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.ts';

const REDIS_BIN =
  process.env.REDIS_SERVER_BIN ??
  (fs.existsSync('/usr/bin/redis-server') ? '/usr/bin/redis-server' : 'redis-server');

export interface RedisServer {
  url: string;
  stop(): Promise<void>;
}

/** Whether a Redis on `port` answers PING. */
function pong(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

export async function startRedis(
  options: { maxMemory?: string; stdio?: 'inherit' | 'ignore'; port?: number } = {},
) {
  const port = options.port ?? (await freePort());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-redis-'));
  const child: ChildProcess = spawn(
    REDIS_BIN,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--save',
      '',
      '--appendonly',
      'no',
      '--maxmemory',
      options.maxMemory ?? '256mb',
      '--maxmemory-policy',
      'allkeys-lru',
    ],
    { stdio: ['ignore', options.stdio ?? 'ignore', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  while (!(await pong(port))) {
    if (Date.now() > deadline || child.exitCode !== null) {
      await stop();
      throw new Error(`redis-server did not start on port ${port}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url: `redis://127.0.0.1:${port}`, stop } satisfies RedisServer;
}
