/**
 * `npm start`: builds what needs building, then runs the shop service (:4001) and the GraphQL
 * gateway (:4000, serving the web app, /graphql, the playground, /healthz, /readyz), and keeps
 * them running.
 *
 * - Build: `npm run build` (codegen + playground + web app and its server entry) when web/dist or
 *   web/dist-ssr is missing or older than web/src, schema/ or the web config; only the playground
 *   when just that is missing or stale. Until the web app exists (web/vite.config.ts) its build is
 *   skipped. START_BUILD=false serves what is built as it is (tests, a machine that only runs).
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
 * - PUBLIC_ORIGIN (default http://localhost:<gateway port>) is passed to the service, whose lpay
 *   links and redirects are built on it. SERVICE_PORT / GATEWAY_PORT override the ports.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { nodeFlagsFor } from './node-flags.ts';
import { whenParentGone } from './parent-gone.ts';
import { loadStartConfig } from './start-settings.ts';
import { type ChildSpec, Supervisor } from './supervise.ts';
import { waitForUrl } from './wait-for-url.ts';

/** Longer than the gateway's drain (15 s), leaving the service time to close once it is alone. */
const STOP_DEADLINE_MS = 20_000;

const { servicePort, gatewayPort, publicOrigin, serviceUrl, build } = loadStartConfig();

/** Newest modification time under the given files or folders (0 when none exists). */
function newest(...paths: string[]): number {
  let latest = 0;
  const visit = (entry: string) => {
    if (!fs.existsSync(entry)) return;
    const stat = fs.statSync(entry);
    if (stat.isDirectory()) {
      if (path.basename(entry) === 'node_modules' || path.basename(entry) === 'dist') return;
      for (const child of fs.readdirSync(entry)) visit(path.join(entry, child));
    } else {
      latest = Math.max(latest, stat.mtimeMs);
    }
  };
  for (const p of paths) visit(p);
  return latest;
}

const builtAt = (indexHtml: string) => (fs.existsSync(indexHtml) ? fs.statSync(indexHtml).mtimeMs : 0);

function run(script: string): boolean {
  console.log(`> npm run ${script}`);
  const result = spawnSync('npm', ['run', script], { stdio: 'inherit' });
  if (result.status === 0) return true;
  console.error(`\n!!! npm run ${script} failed (exit ${result.status}).`);
  return false;
}

/** A failed build does not stop the shop: the previous build (if any) is served, loudly. */
function buildIfNeeded(): void {
  const webReady = fs.existsSync('web/vite.config.ts') && fs.existsSync('web/index.html');
  const webStale =
    webReady &&
    Math.min(builtAt('web/dist/index.html'), builtAt('web/dist-ssr/entry-server.js')) <
      newest('web/src', 'web/index.html', 'web/vite.config.ts', 'schema', 'codegen.ts', 'web/public');
  const playgroundStale = () =>
    builtAt('gateway/playground/dist/index.html') < newest('gateway/src/playground', 'schema');
  if (webStale && !run('build')) {
    console.error(
      fs.existsSync('web/dist/index.html')
        ? '!!! Serving the previous web build from web/dist.\n'
        : '!!! No web build: only GraphQL and the playground are served.\n',
    );
  }
  if (playgroundStale() && !run('build:playground')) console.error('!!! The playground is not built.\n');
  if (!webReady) console.log('web/ is not there yet: serving GraphQL and the playground only.');
}

const supervisor = new Supervisor({
  onGiveUp: (_name, code) => void shutdown(code),
});

let exitCode: number | undefined;
async function shutdown(code: number): Promise<void> {
  exitCode ??= code;
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

const waitFor = (url: string, timeoutMs: number) => waitForUrl(url, timeoutMs, () => supervisor.stopping);

if (build) buildIfNeeded();
const service = supervisor.start(
  node('service', 'service/src/main.ts', { SERVICE_PORT: String(servicePort), PUBLIC_ORIGIN: publicOrigin }),
);
if (!(await waitFor(`${serviceUrl}/service/shop/system/config`, 60_000))) {
  if (!supervisor.stopping) {
    console.error(`[start] The service did not answer on ${serviceUrl}.`);
    void shutdown(1);
  }
} else {
  service.up();
  const gateway = supervisor.start(
    node('gateway', 'gateway/src/main.ts', {
      GATEWAY_PORT: String(gatewayPort),
      SHOP_SERVICE_URL: serviceUrl,
    }),
  );
  if (await waitFor(`http://localhost:${gatewayPort}/healthz`, 60_000)) {
    gateway.up();
    console.log(`Shop running at http://localhost:${gatewayPort}`);
  } else if (!supervisor.stopping) {
    console.error(`[start] The gateway did not answer on :${gatewayPort}.`);
    void shutdown(1);
  }
}
