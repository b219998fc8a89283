/**
 * Starts a local cluster: N shop services and N gateways (child processes) on ONE PostgreSQL
 * database, and a small round-robin HTTP balancer in front of the gateways (what a reverse proxy
 * does in production). Shared by `npm run start:cluster` and the cluster suite.
 *
 * What must be shared between instances: the database (DATABASE_URL [+ DATABASE_SCHEMA]),
 * SESSION_SECRET (every gateway opens every session), TOKEN_SECRET and LPAY_SECRET (kept in the
 * database when unset, so instances on one database agree), PUBLIC_ORIGIN (the balancer's address).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.ts';
import { waitForUrl } from './wait-for-url.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ClusterOptions {
  instances: number;
  databaseUrl: string;
  databaseSchema?: string;
  /** Extra environment for every service / gateway. */
  serviceEnv?: Record<string, string>;
  gatewayEnv?: Record<string, string>;
  /** Balancer port (0: a free one). */
  port?: number;
  stdio?: 'inherit' | 'ignore';
}

export interface Cluster {
  /** The balancer: requests go round-robin to the gateways. */
  url: string;
  serviceUrls: string[];
  gatewayUrls: string[];
  stop(): Promise<void>;
}

function start(script: string, env: Record<string, string>, stdio: 'inherit' | 'ignore'): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', stdio, 'inherit'],
  });
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const children: ChildProcess[] = [];
  const stdio = options.stdio ?? 'inherit';
  const port = options.port || (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  const sessionSecret = process.env.SESSION_SECRET ?? randomBytes(32).toString('base64url');
  const stop = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
          }),
      ),
    );
  };
  try {
    const serviceUrls: string[] = [];
    const gatewayUrls: string[] = [];
    // One service after the other: the first migrates and seeds the empty database.
    for (let i = 0; i < options.instances; i += 1) {
      const servicePort = await freePort();
      children.push(
        start(
          'service/src/main.ts',
          {
            SERVICE_PORT: String(servicePort),
            DATABASE_URL: options.databaseUrl,
            DATABASE_SCHEMA: options.databaseSchema ?? '',
            PUBLIC_ORIGIN: origin,
            ...options.serviceEnv,
          },
          stdio,
        ),
      );
      const url = `http://127.0.0.1:${servicePort}`;
      if (!(await waitForUrl(`${url}/service/shop/system/config`, 90_000, () => false))) {
        throw new Error(`service ${url} did not start`);
      }
      serviceUrls.push(url);
    }
    for (let i = 0; i < options.instances; i += 1) {
      const gatewayPort = await freePort();
      children.push(
        start(
          'gateway/src/main.ts',
          {
            GATEWAY_PORT: String(gatewayPort),
            SHOP_SERVICE_URL: serviceUrls[i],
            SESSION_SECRET: sessionSecret,
            ...options.gatewayEnv,
          },
          stdio,
        ),
      );
      gatewayUrls.push(`http://127.0.0.1:${gatewayPort}`);
    }
    for (const url of gatewayUrls) {
      if (!(await waitForUrl(`${url}/healthz`, 90_000, () => false)))
        throw new Error(`gateway ${url} did not start`);
    }
    const balancer = roundRobin(gatewayUrls);
    await new Promise<void>((resolve) => balancer.listen(port, '127.0.0.1', resolve));
    return {
      url: origin,
      serviceUrls,
      gatewayUrls,
      async stop() {
        balancer.closeAllConnections();
        await new Promise((resolve) => balancer.close(resolve));
        await stop();
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A round-robin balancer: each request goes to the next gateway, streamed both ways. */
export function roundRobin(targets: string[]): http.Server {
  let next = 0;
  return http.createServer((req, res) => {
    const target = new URL(targets[next++ % targets.length]);
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.once('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl?.startsWith('postgres')) {
    console.error('start:cluster needs DATABASE_URL=postgres://… (all instances share one database).');
    process.exit(1);
  }
  const cluster = await startCluster({
    instances: Number(process.env.CLUSTER_INSTANCES ?? 2),
    databaseUrl,
    databaseSchema: process.env.DATABASE_SCHEMA,
    port: Number(process.env.GATEWAY_PORT ?? 4000),
  });
  console.log(
    `cluster: ${cluster.gatewayUrls.length} gateways (${cluster.gatewayUrls.join(', ')}) → ` +
      `${cluster.serviceUrls.length} services on one database; round-robin at ${cluster.url}`,
  );
  const shutdown = () => void cluster.stop().then(() => process.exit(0));
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
