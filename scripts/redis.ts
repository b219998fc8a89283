/**
 * A Redis server for the gateways' shared caches (Debian's redis-server), started as a child on
 * a free port: nothing written to disk (no snapshots, no append-only file), bounded memory with
 * the least recently used keys evicted first, as a cache wants, and a password when one is given
 * (`requirepass`; the URL then carries it). Used by scripts/cluster.ts when REDIS_URL is not
 * given, and by the cluster and cache suites, which may pause it (SIGSTOP) as a full disk or a
 * long fork would.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { freePort } from './free-port.ts';

const REDIS_BIN =
  process.env.REDIS_SERVER_BIN ??
  (fs.existsSync('/usr/bin/redis-server') ? '/usr/bin/redis-server' : 'redis-server');

export interface RedisServer {
  /** `redis://127.0.0.1:<port>` (`rediss://` over TLS), with `:<password>@` when it has one. */
  url: string;
  /** Freezes the server (SIGSTOP): connections stay open and nothing is answered. */
  pause(): void;
  /** Lets a paused server go on (SIGCONT). */
  resume(): void;
  stop(): Promise<void>;
}

/** Whether a Redis on `port` answers PING (over TLS when it speaks only TLS). */
function pong(port: number, overTls: boolean): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = overTls
      ? tls.connect({ port, host: '127.0.0.1', rejectUnauthorized: false })
      : net.connect(port, '127.0.0.1');
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once(overTls ? 'secureConnect' : 'connect', () => socket.write('PING\r\n'));
    // NOAUTH: the server is up and wants its password.
    socket.once('data', (data) => done(/^(\+PONG|-NOAUTH)/.test(data.toString())));
  });
}

export async function startRedis(
  options: {
    maxMemory?: string;
    stdio?: 'inherit' | 'ignore';
    port?: number;
    password?: string;
    /** PEM files: the server then speaks only TLS (`rediss://`) on its port. */
    tls?: { cert: string; key: string };
  } = {},
) {
  const port = options.port ?? (await freePort());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-redis-'));
  // The password goes in a file of the server's own, not its command line, which `ps` shows to all.
  const config = path.join(dir, 'redis.conf');
  fs.writeFileSync(config, options.password ? `requirepass "${options.password}"\n` : '', { mode: 0o600 });
  const child: ChildProcess = spawn(
    REDIS_BIN,
    [
      config,
      ...(options.tls
        ? ['--port', '0', '--tls-port', String(port), '--tls-auth-clients', 'no']
        : ['--port', String(port)]),
      ...(options.tls ? ['--tls-cert-file', options.tls.cert, '--tls-key-file', options.tls.key] : []),
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
      // A paused server would only act on SIGTERM once continued.
      child.kill('SIGCONT');
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  while (!(await pong(port, options.tls !== undefined))) {
    if (Date.now() > deadline || child.exitCode !== null) {
      await stop();
      throw new Error(`redis-server did not start on port ${port}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const auth = options.password ? `:${encodeURIComponent(options.password)}@` : '';
  return {
    url: `${options.tls ? 'rediss' : 'redis'}://${auth}127.0.0.1:${port}`,
    pause: () => child.kill('SIGSTOP'),
    resume: () => child.kill('SIGCONT'),
    stop,
  } satisfies RedisServer;
}
