/**
 * Runs nginx from the repository's configuration (deploy/nginx.conf) in front of some gateways,
 * as an unprivileged user: its pid, logs and temporary files live in a directory of its own
 * (nginx's prefix), and it stays in the foreground as this process's child. Used by
 * scripts/cluster.ts (`npm run start:cluster` and the cluster suite) and the gateway bench.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitForUrl } from './wait-for-url.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const NGINX_TEMPLATE = path.join(ROOT, 'deploy/nginx.conf');
/** Debian installs nginx in /usr/sbin, which an unprivileged user's PATH may not have. */
const NGINX_BIN = process.env.NGINX_BIN ?? (fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx');

export interface Upstream {
  /** host:port of a gateway. */
  address: string;
  /** Marked `down`: nginx sends it nothing (its /readyz said it is not ready). */
  down?: boolean;
}

/**
 * deploy/nginx.conf for one place: `${LISTEN}` is the public address, and the line naming
 * `${GATEWAY}` is repeated for each gateway (with ` down` when it is out).
 */
/** The template's placeholders, written as envsubst and nginx's own image expect them. */
const GATEWAY = '$' + '{GATEWAY}';
const LISTEN = '$' + '{LISTEN}';

export function renderNginxConf(template: string, listen: string, upstreams: Upstream[]): string {
  if (upstreams.length === 0) throw new Error('nginx needs at least one gateway');
  return template
    .split('\n')
    .flatMap((line) =>
      line.includes(GATEWAY)
        ? upstreams.map((upstream) => {
            const server = line.replace(GATEWAY, upstream.address);
            return upstream.down ? server.replace(/;\s*$/, ' down;') : server;
          })
        : [line],
    )
    .join('\n')
    .replaceAll(LISTEN, listen);
}

export interface Nginx {
  url: string;
  /** nginx's prefix: nginx.conf, nginx.pid, logs/, temp/. */
  prefix: string;
  /** Rewrites the configuration and has nginx reload it (new workers; requests in flight finish). */
  update(upstreams: Upstream[]): void;
  /** The last lines of its error log, for failure messages. */
  errors(): string;
  stop(): Promise<void>;
}

export async function startNginx(options: {
  port: number;
  upstreams: Upstream[];
  stdio?: 'inherit' | 'ignore';
  /** A change to the rendered configuration (the bench drops the per-client limits its load would meet). */
  edit?: (conf: string) => string;
}): Promise<Nginx> {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-nginx-'));
  // Started by root, nginx's workers run as `nobody`: they must reach the temp directories.
  fs.chmodSync(prefix, 0o755);
  fs.mkdirSync(path.join(prefix, 'logs'));
  fs.mkdirSync(path.join(prefix, 'temp'));
  const confFile = path.join(prefix, 'nginx.conf');
  const template = fs.readFileSync(NGINX_TEMPLATE, 'utf8');
  const listen = `127.0.0.1:${options.port}`;
  const edit = options.edit ?? ((conf: string) => conf);
  const write = (upstreams: Upstream[]) =>
    fs.writeFileSync(confFile, edit(renderNginxConf(template, listen, upstreams)));
  write(options.upstreams);
  const errors = () => {
    try {
      return fs.readFileSync(path.join(prefix, 'logs/error.log'), 'utf8').split('\n').slice(-20).join('\n');
    } catch {
      return '';
    }
  };

  // -e stderr: messages before the configuration is read go to stderr, not to /var/log/nginx.
  const child: ChildProcess = spawn(
    NGINX_BIN,
    ['-p', `${prefix}/`, '-c', confFile, '-e', 'stderr', '-g', 'daemon off;'],
    { stdio: ['ignore', options.stdio ?? 'inherit', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });
  const url = `http://${listen}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      // SIGQUIT: stop accepting, let requests in flight finish, then exit.
      child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(prefix, { recursive: true, force: true });
  };
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  if (!(await waitForUrl(`${url}/healthz`, 30_000, () => gone))) {
    const log = errors();
    await stop();
    throw new Error(`nginx did not start on ${url}\n${log}`);
  }
  return {
    url,
    prefix,
    update(upstreams) {
      write(upstreams);
      child.kill('SIGHUP');
    },
    errors,
    stop,
  };
}
