/**
 * Where each part of a local cluster listens: every port follows from one base port, so an
 * operator knows them before start and finds them again after a restart. For N instances:
 *
 *   base                       nginx (the balancer)
 *   base+1 … base+N            the gateways
 *   base+N+1 … base+2N         the services
 *   base+2N+1 … base+3N        the gateways' metrics
 *   base+3N+1 … base+4N        the services' metrics
 *   base+4N+1                  Redis, when the cluster starts its own
 */
import { z } from 'zod';
import { portIsFree } from './free-port.ts';

export interface ClusterPorts {
  balancer: number;
  gateways: number[];
  services: number[];
  gatewayMetrics: number[];
  serviceMetrics: number[];
  redis: number;
}

/** How many consecutive ports a cluster of `instances` uses, its own Redis included. */
export const portsUsed = (instances: number) => 4 * instances + 2;

export function clusterPorts(base: number, instances: number): ClusterPorts {
  const run = (first: number) => Array.from({ length: instances }, (_, i) => first + i);
  return {
    balancer: base,
    gateways: run(base + 1),
    services: run(base + 1 + instances),
    gatewayMetrics: run(base + 1 + 2 * instances),
    serviceMetrics: run(base + 1 + 3 * instances),
    redis: base + 1 + 4 * instances,
  };
}

/** The parts whose port something else already listens on, named as the table names them. */
export async function portsTaken(ports: ClusterPorts, withRedis: boolean): Promise<string[]> {
  const parts: [string, number][] = [
    ['nginx', ports.balancer],
    ...ports.gateways.map((port, i): [string, number] => [`gateway ${i + 1}`, port]),
    ...ports.services.map((port, i): [string, number] => [`service ${i + 1}`, port]),
    ...ports.gatewayMetrics.map((port, i): [string, number] => [`gateway ${i + 1} metrics`, port]),
    ...ports.serviceMetrics.map((port, i): [string, number] => [`service ${i + 1} metrics`, port]),
    ...(withRedis ? [['redis', ports.redis] as [string, number]] : []),
  ];
  const taken: string[] = [];
  for (const [part, port] of parts) if (!(await portIsFree(port))) taken.push(`${port} (${part})`);
  return taken;
}

/** A Redis URL as it may be printed: its password masked. */
export function shownRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(not a URL)';
  }
}

/** The cluster's parts and addresses as a table for the terminal, one part a row. */
export function portTable(ports: ClusterPorts, redisUrl: string | undefined): string {
  const http = (port: number) => `http://127.0.0.1:${port}`;
  const rows: [string, string, string][] = [
    ['part', 'address', 'metrics'],
    ['nginx (balancer)', http(ports.balancer), ''],
    ...ports.gateways.map((port, i): [string, string, string] => [
      `gateway ${i + 1}`,
      http(port),
      `${http(ports.gatewayMetrics[i])}/metrics`,
    ]),
    ...ports.services.map((port, i): [string, string, string] => [
      `service ${i + 1}`,
      http(port),
      `${http(ports.serviceMetrics[i])}/metrics`,
    ]),
    ['redis', redisUrl ? shownRedisUrl(redisUrl) : 'none (caches in each gateway)', ''],
  ];
  const widths = [0, 1].map((column) => Math.max(...rows.map((row) => row[column].length)));
  return rows
    .map((row) => `${row[0].padEnd(widths[0])}  ${row[1].padEnd(widths[1])}  ${row[2]}`.trimEnd())
    .join('\n');
}

const MAX_INSTANCES = 16;
const whole = (min: number, max: number) =>
  z.string().regex(/^\d+$/).transform(Number).pipe(z.number().min(min).max(max));
const ACCEPTED = {
  CLUSTER_INSTANCES: `a whole number from 1 to ${MAX_INSTANCES}`,
  CLUSTER_BASE_PORT: 'a port from 1 to 65535 with room after it for every part (4 per instance + 2)',
};
const scriptSchema = z
  .object({
    CLUSTER_INSTANCES: whole(1, MAX_INSTANCES).default(2),
    CLUSTER_BASE_PORT: whole(1, 65_535).default(4000),
  })
  .refine((given) => given.CLUSTER_BASE_PORT + portsUsed(given.CLUSTER_INSTANCES) - 1 <= 65_535, {
    path: ['CLUSTER_BASE_PORT'],
  });

/**
 * `npm run start:cluster`'s own variables: how many instances, and the base port. A value that
 * does not parse is refused with a message naming the variable, the value and what is accepted.
 */
export function clusterSettings(env: NodeJS.ProcessEnv): z.output<typeof scriptSchema> {
  const given = {
    CLUSTER_INSTANCES: env.CLUSTER_INSTANCES?.trim() || undefined,
    CLUSTER_BASE_PORT: env.CLUSTER_BASE_PORT?.trim() || undefined,
  };
  const parsed = scriptSchema.safeParse(given);
  if (parsed.success) return parsed.data;
  const name = parsed.error.issues[0].path[0] as keyof typeof given;
  throw new Error(`${name}=${given[name]} is not accepted: ${ACCEPTED[name]}`);
}
