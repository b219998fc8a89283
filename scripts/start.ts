/**
 * `npm start`: builds what needs building, then runs the shop service (:4001) and the GraphQL
 * gateway (:4000, serving the web app, /graphql, the playground, /healthz, /readyz), and keeps
 * them running.
 *
 * - Build (start-build.ts): what is missing or older than its sources, in a process group a stop
 *   ends. START_BUILD=false serves what is built as it is (tests, a host that only runs).
 * - Supervision (supervise.ts): a child that exits after it has come up is restarted with a
 *   back-off (0.5 s doubling to 30 s); while the service is down the gateway stays up and answers
 *   pages with its outage page (503, Retry-After). A child that exits before it first answered
 *   (a refused setting, a port in use) stops everything with its exit code.
 * - Stopping: SIGINT/SIGTERM/SIGHUP stop the gateway, then the service, each draining (the
 *   gateway's own deadline is 15 s, the service's 10 s, in their main.ts); what still runs after
 *   STOP_DEADLINE_MS is killed with its process group.
 * - The signal chain: npm (10 and 11) runs a script as `sh -c '<script>'` and forwards SIGINT and
 *   SIGTERM to that shell only. dash (Debian's sh) neither forwards them nor execs the command, so
 *   with a shell (and the tsx CLI) in between, `kill <npm pid>` would end npm and sh and leave the
 *   rest running with their ports. Hence `exec node --import tsx scripts/start.ts` in package.json:
 *   this process is npm's own child and gets the signal. Should npm die by SIGKILL, this process
 *   sees its parent change and stops as on SIGTERM; should this one die so, each child does the
 *   same (exit-with-parent.ts, preloaded into both).
 * - PUBLIC_ORIGIN (default http://localhost:<gateway port>) is passed to the service and the gateway
 *   alike (canonical addresses, Image.url, the sitemap). SERVICE_PORT / GATEWAY_PORT override the
 *   ports; once up it prints the addresses to open the shop at (localhost, this machine's networks).
 */
import path from 'node:path';
import { nodeFlagsFor } from './node-flags.ts';
import { whenParentGone } from './parent-gone.ts';
import { shopAddresses } from './shop-addresses.ts';
import { buildIfNeeded, stopBuilding } from './start-build.ts';
import { childSettings, loadStartConfig } from './start-settings.ts';
import { type ChildSpec, Supervisor } from './supervise.ts';
import { waitForAnswer } from './wait-for-url.ts';

/** Longer than the gateway's drain (15 s), leaving the service time to close once it is alone. */
const STOP_DEADLINE_MS = 20_000;

const config = loadStartConfig();
const { gatewayPort, publicOrigin, serviceUrl, build } = config;
const settings = childSettings(config);

const supervisor = new Supervisor({
  onGiveUp: (_name, code) => void shutdown(code),
});

let exitCode: number | undefined;
async function shutdown(code: number): Promise<void> {
  exitCode ??= code;
  stopBuilding();
  await supervisor.stop(STOP_DEADLINE_MS);
  process.exit(exitCode);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(0));
whenParentGone(() => {
  console.error('[start] npm start was killed: stopping.');
  void shutdown(1);
});

/** A main module run as `npm start` runs it, its OpenTelemetry register module loaded first. */
function node(name: string, entry: string, env: NodeJS.ProcessEnv): ChildSpec {
  const telemetry = `./${path.dirname(entry)}/telemetry/register.ts`;
  return {
    name,
    command: process.execPath,
    args: [
      ...nodeFlagsFor(entry),
      '--import',
      'tsx',
      '--import',
      './scripts/exit-with-parent.ts',
      '--import',
      telemetry,
      entry,
    ],
    env: { ...process.env, ...env },
  };
}

const waitFor = (url: string, timeoutMs: number) => waitForAnswer(url, timeoutMs, () => supervisor.stopping);
/** Why the last probe failed, for the line that gives up. */
const because = (outcome: { answered: false; lastError: string | undefined }) =>
  outcome.lastError ? ` (last attempt: ${outcome.lastError})` : '';

if (build) await buildIfNeeded();
const service = supervisor.start(node('service', 'service/src/main.ts', settings.service));
const serviceUp = await waitFor(`${serviceUrl}/service/shop/system/config`, 60_000);
if (!serviceUp.answered) {
  if (!supervisor.stopping) {
    console.error(`[start] The service did not answer on ${serviceUrl}${because(serviceUp)}.`);
    void shutdown(1);
  }
} else {
  service.up();
  const gateway = supervisor.start(node('gateway', 'gateway/src/main.ts', settings.gateway));
  const gatewayUp = await waitFor(`http://localhost:${gatewayPort}/healthz`, 60_000);
  if (gatewayUp.answered) {
    gateway.up();
    const { local, network } = shopAddresses(gatewayPort);
    console.log(`Shop running at ${local}`);
    for (const address of network) console.log(`  on this network: ${address}`);
    if (publicOrigin !== local) console.log(`  public origin (canonical addresses): ${publicOrigin}`);
  } else if (!supervisor.stopping) {
    console.error(`[start] The gateway did not answer on :${gatewayPort}${because(gatewayUp)}.`);
    void shutdown(1);
  }
}
