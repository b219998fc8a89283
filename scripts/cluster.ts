/**
 * Starts a local cluster: N shop services and N gateways (child processes) on ONE PostgreSQL
 * database, nginx in front of the gateways from the repository's configuration (deploy/nginx.conf,
 * scripts/nginx.ts), and the gateways' response and page caches in one Redis (REDIS_URL, or a
 * redis-server started here with a generated password). Shared by `npm run start:cluster` and the
 * cluster suite.
 *
 * What must be shared between instances: the database (DATABASE_URL [+ DATABASE_SCHEMA]),
 * SESSION_SECRET (every gateway opens every session), TOKEN_SECRET and LPAY_SECRET (kept in the
 * database when unset, so instances on one database agree), PUBLIC_ORIGIN (the balancer's
 * address), REDIS_URL (one cache for all). The gateways believe nginx's X-Forwarded-* headers
 * (GATEWAY_TRUST_PROXY=127.0.0.1, where nginx connects from).
 *
 * nginx's own checks are passive (a refused connection takes a gateway out for a while); this
 * script adds an active one: it reads each gateway's /readyz every READY_POLL_MS and has nginx
 * reload its configuration with the unready gateways marked `down`, so a draining or cut-off
 * instance stops getting requests before any fails.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type ClusterPorts,
  clusterPorts,
  clusterSettings,
  portsTaken,
  portsUsed,
  portTable,
} from './cluster-ports.ts';
import { freePortRange } from './free-port.ts';
import { type Nginx, startNginx } from './nginx.ts';
import { nodeFlagsFor } from './node-flags.ts';
import { type RedisServer, startRedis } from './redis.ts';
import { waitForUrl } from './wait-for-url.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** How often each gateway's /readyz is read for nginx's list of gateways. */
const READY_POLL_MS = 2_000;

export interface ClusterOptions {
  instances: number;
  databaseUrl: string;
  databaseSchema?: string;
  /** Extra environment for every service / gateway. */
  serviceEnv?: Record<string, string>;
  gatewayEnv?: Record<string, string>;
  /** The gateways' shared cache; absent: each gateway keeps its own in memory. */
  redisUrl?: string;
  /**
   * The balancer's port; every other part's follows it (scripts/cluster-ports.ts). Absent or 0:
   * the first of a run of free ports.
   */
  basePort?: number;
  stdio?: 'inherit' | 'ignore';
}

export interface Cluster {
  /** nginx: requests go round-robin to the ready gateways. */
  url: string;
  /** nginx's prefix directory (its configuration and logs). */
  nginxPrefix: string;
  serviceUrls: string[];
  gatewayUrls: string[];
  /** Every part's port (Redis's is only used when the caller starts Redis there). */
  ports: ClusterPorts;
  /** The child processes, in the order of their URLs (tests pause one to cut an instance off). */
  services: ChildProcess[];
  gateways: ChildProcess[];
  stop(): Promise<void>;
}

function start(script: string, env: Record<string, string>, stdio: 'inherit' | 'ignore'): ChildProcess {
  // Each process's OpenTelemetry register module loads before its own modules (docs/operations.md).
  const telemetry = `./${path.dirname(script)}/telemetry/register.ts`;
  return spawn(
    process.execPath,
    [...nodeFlagsFor(script), '--import', 'tsx', '--import', telemetry, script],
    {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', stdio, 'inherit'],
    },
  );
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const children: ChildProcess[] = [];
  const stdio = options.stdio ?? 'inherit';
  const ports = clusterPorts(
    options.basePort || (await freePortRange(portsUsed(options.instances))),
    options.instances,
  );
  const origin = `http://127.0.0.1:${ports.balancer}`;
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
      const servicePort = ports.services[i];
      children.push(
        start(
          'service/src/main.ts',
          {
            SERVICE_PORT: String(servicePort),
            // Instances on one host each need a metrics port of their own.
            SERVICE_METRICS_PORT: String(ports.serviceMetrics[i]),
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
      const gatewayPort = ports.gateways[i];
      children.push(
        start(
          'gateway/src/main.ts',
          {
            GATEWAY_PORT: String(gatewayPort),
            GATEWAY_METRICS_PORT: String(ports.gatewayMetrics[i]),
            SHOP_SERVICE_URL: serviceUrls[i],
            SESSION_SECRET: sessionSecret,
            PUBLIC_ORIGIN: origin,
            // nginx connects from here; its X-Forwarded-For / -Proto name the client.
            GATEWAY_TRUST_PROXY: '127.0.0.1',
            ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
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
    const nginx = await startNginx({
      port: ports.balancer,
      upstreams: gatewayUrls.map((url) => ({ address: new URL(url).host })),
      stdio,
    });
    const watch = watchReadiness(gatewayUrls, nginx);
    return {
      url: origin,
      nginxPrefix: nginx.prefix,
      serviceUrls,
      gatewayUrls,
      ports,
      services: children.slice(0, options.instances),
      gateways: children.slice(options.instances),
      async stop() {
        watch.stop();
        await nginx.stop();
        await stop();
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The active health check nginx's open-source build lacks: each gateway's /readyz, read every
 * READY_POLL_MS; when the set of ready ones changes, nginx reloads with the others marked `down`.
 * When none is ready all stay listed, and nginx's passive checks decide request by request.
 */
function watchReadiness(gatewayUrls: string[], nginx: Nginx): { stop(): void } {
  let last = gatewayUrls.map(() => true);
  let stopped = false;
  const ready = async (url: string) => {
    try {
      return (await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1_500) })).ok;
    } catch {
      return false;
    }
  };
  const poll = async () => {
    const now = await Promise.all(gatewayUrls.map(ready));
    if (stopped) return;
    const listed = now.some(Boolean) ? now : gatewayUrls.map(() => true);
    if (listed.some((up, i) => up !== last[i])) {
      last = listed;
      nginx.update(gatewayUrls.map((url, i) => ({ address: new URL(url).host, down: !listed[i] })));
    }
  };
  const timer = setInterval(() => void poll(), READY_POLL_MS);
  timer.unref();
  return {
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl?.startsWith('postgres')) {
    console.error('start:cluster needs DATABASE_URL=postgres://… (all instances share one database).');
    process.exit(1);
  }
  const settings = (() => {
    try {
      return clusterSettings(process.env);
    } catch (error) {
      console.error(`start:cluster: ${(error as Error).message}`);
      process.exit(1);
    }
  })();
  const ports = clusterPorts(settings.CLUSTER_BASE_PORT, settings.CLUSTER_INSTANCES);
  // Said at once, rather than as a part that never answers its start-up check.
  const taken = await portsTaken(ports, !process.env.REDIS_URL);
  if (taken.length > 0) {
    console.error(`start:cluster: in use already: ${taken.join(', ')}; choose another CLUSTER_BASE_PORT`);
    process.exit(1);
  }
  // The gateways share one cache: the given REDIS_URL, or a redis-server of the cluster's own,
  // behind a password made for this run (the URL the gateways get carries it; the table masks it).
  const redis: RedisServer | undefined = process.env.REDIS_URL
    ? undefined
    : await startRedis({ stdio: 'inherit', port: ports.redis, password: randomBytes(24).toString('hex') });
  const redisUrl = process.env.REDIS_URL || redis!.url;
  const cluster = await startCluster({
    instances: settings.CLUSTER_INSTANCES,
    databaseUrl,
    databaseSchema: process.env.DATABASE_SCHEMA,
    redisUrl,
    basePort: settings.CLUSTER_BASE_PORT,
  }).catch(async (error: unknown) => {
    await redis?.stop();
    throw error;
  });
  console.log(
    `cluster: ${settings.CLUSTER_INSTANCES} gateways → ${settings.CLUSTER_INSTANCES} services on one ` +
      `database, behind nginx at ${cluster.url} (its configuration and logs in ${cluster.nginxPrefix})\n` +
      portTable(cluster.ports, redisUrl),
  );
  const shutdown = () =>
    void cluster
      .stop()
      .then(() => redis?.stop())
      .then(() => process.exit(0));
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
