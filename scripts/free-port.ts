import net from 'node:net';

/** A port that was free on 127.0.0.1 a moment ago (for servers started by tests, bench and cluster). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Whether `port` on 127.0.0.1 can be listened on right now. */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** The first of `count` consecutive ports that were all free a moment ago (a cluster's layout). */
export async function freePortRange(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    // Above the usual services' ports and below Linux's ephemeral range (32768 and up).
    const base = 20_000 + Math.floor(Math.random() * (12_000 - count));
    let free = true;
    for (let port = base; free && port < base + count; port += 1) free = await portIsFree(port);
    if (free) return base;
  }
  throw new Error(`no ${count} consecutive free ports found`);
}
