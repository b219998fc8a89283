/**
 * `npm run start:cluster`'s ports: every part's follows from one base port, the table it prints
 * names each of them (metrics included, a Redis password masked), a port already in use is named
 * before anything starts, and a base port or instance count that does not parse is refused by name.
 */
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  clusterPorts,
  clusterSettings,
  portsTaken,
  portsUsed,
  portTable,
} from '../../scripts/cluster-ports.ts';
import { freePortRange } from '../../scripts/free-port.ts';

describe('start:cluster ports', () => {
  it('lays every part out after the base port, without gaps or overlaps', () => {
    const ports = clusterPorts(4000, 2);
    expect(ports).toEqual({
      balancer: 4000,
      gateways: [4001, 4002],
      services: [4003, 4004],
      gatewayMetrics: [4005, 4006],
      serviceMetrics: [4007, 4008],
      redis: 4009,
    });
    const all = [
      ports.balancer,
      ...ports.gateways,
      ...ports.services,
      ...ports.gatewayMetrics,
      ...ports.serviceMetrics,
      ports.redis,
    ];
    expect(all).toHaveLength(portsUsed(2));
    const three = clusterPorts(5000, 3);
    expect(new Set(Object.values(three).flat()).size).toBe(portsUsed(3));
    expect(Math.max(...Object.values(three).flat())).toBe(5000 + portsUsed(3) - 1);
  });

  it('prints a row for each part, with its metrics address, and masks the Redis password', () => {
    const table = portTable(clusterPorts(4000, 2), 'redis://:s3cret@127.0.0.1:4009').split('\n');
    expect(table[0]).toMatch(/^part\s+address\s+metrics$/);
    expect(table).toContainEqual(expect.stringMatching(/^nginx \(balancer\)\s+http:\/\/127\.0\.0\.1:4000$/));
    expect(table).toContainEqual(
      expect.stringMatching(/^gateway 2\s+http:\/\/127\.0\.0\.1:4002\s+http:\/\/127\.0\.0\.1:4006\/metrics$/),
    );
    expect(table).toContainEqual(
      expect.stringMatching(/^service 1\s+http:\/\/127\.0\.0\.1:4003\s+http:\/\/127\.0\.0\.1:4007\/metrics$/),
    );
    expect(table.at(-1)).toMatch(/^redis\s+redis:\/\/:\*\*\*@127\.0\.0\.1:4009$/);
    expect(table.join('\n')).not.toContain('s3cret');
  });

  it('reads CLUSTER_BASE_PORT (4000) and CLUSTER_INSTANCES (2), and refuses what does not parse', () => {
    expect(clusterSettings({})).toEqual({ CLUSTER_BASE_PORT: 4000, CLUSTER_INSTANCES: 2 });
    expect(clusterSettings({ CLUSTER_BASE_PORT: ' 5100 ', CLUSTER_INSTANCES: '3' })).toEqual({
      CLUSTER_BASE_PORT: 5100,
      CLUSTER_INSTANCES: 3,
    });
    expect(() => clusterSettings({ CLUSTER_BASE_PORT: '4k' })).toThrow(
      /^CLUSTER_BASE_PORT=4k is not accepted: a port/,
    );
    // The parts after the base port must fit below 65536.
    expect(() => clusterSettings({ CLUSTER_BASE_PORT: '65530' })).toThrow(/^CLUSTER_BASE_PORT=65530 /);
    expect(() => clusterSettings({ CLUSTER_INSTANCES: '0' })).toThrow(/^CLUSTER_INSTANCES=0 is not accepted/);
  });

  it('names the parts whose port is in use already', async () => {
    const ports = clusterPorts(await freePortRange(portsUsed(1)), 1);
    expect(await portsTaken(ports, true)).toEqual([]);
    const squatter = net.createServer();
    await new Promise<void>((resolve) => squatter.listen(ports.serviceMetrics[0], '127.0.0.1', resolve));
    try {
      expect(await portsTaken(ports, true)).toEqual([`${ports.serviceMetrics[0]} (service 1 metrics)`]);
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  });
});
