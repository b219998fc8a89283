/**
 * `npm start`: builds what needs building, then runs the shop service (:4001) and the GraphQL
 * gateway (:4000, serving the web app, /graphql, the playground, /healthz, /readyz).
 *
 * - Build: `npm run build` (codegen + playground + web app and its server entry) when web/dist or
 *   web/dist-ssr is missing or older than web/src, schema/ or the web config; only the playground when just that is missing or stale.
 *   Until the web app exists (web/vite.config.ts) its build is skipped.
 * - Two child processes (tsx); SIGINT/SIGTERM are forwarded; if either child dies the other is
 *   stopped and this process exits with its code.
 * - PUBLIC_ORIGIN (default http://localhost:<gateway port>) is passed to the service, whose lpay
 *   links and redirects are built on it. SERVICE_PORT / GATEWAY_PORT override the ports.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { nodeFlagsFor } from './node-flags.ts';
import { waitForUrl } from './wait-for-url.ts';

const servicePort = Number(process.env.SERVICE_PORT ?? 4001);
const gatewayPort = Number(process.env.GATEWAY_PORT ?? 4000);
const publicOrigin = process.env.PUBLIC_ORIGIN ?? `http://localhost:${gatewayPort}`;
const serviceUrl = process.env.SHOP_SERVICE_URL ?? `http://localhost:${servicePort}`;

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

const children: ChildProcess[] = [];
let stopping = false;

function start(name: string, entry: string, env: NodeJS.ProcessEnv): ChildProcess {
  // The process's OpenTelemetry register module loads before its own modules (see docs/operations.md).
  const telemetry = `./${path.dirname(entry)}/telemetry/register.ts`;
  const child = spawn(
    process.execPath,
    [...nodeFlagsFor(entry), '--import', 'tsx', '--import', telemetry, entry],
    {
      stdio: 'inherit',
      env: { ...process.env, ...env },
    },
  );
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} exited (${signal ?? code}); stopping.`);
      stop('SIGTERM', code ?? 1);
    } else if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) {
      process.exit(exitCode);
    }
  });
  children.push(child);
  return child;
}

let exitCode = 0;
function stop(signal: NodeJS.Signals, code = 0): void {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) process.exit(exitCode);
  setTimeout(() => process.exit(exitCode || 1), 20_000).unref();
}

const waitFor = (url: string, timeoutMs: number) => waitForUrl(url, timeoutMs, () => stopping);

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stop(signal));

buildIfNeeded();
start('service', 'service/src/main.ts', { SERVICE_PORT: String(servicePort), PUBLIC_ORIGIN: publicOrigin });
if (!(await waitFor(`${serviceUrl}/service/shop/system/config`, 60_000))) {
  if (!stopping) {
    console.error(`The service did not answer on ${serviceUrl}.`);
    stop('SIGTERM', 1);
  }
} else {
  start('gateway', 'gateway/src/main.ts', {
    GATEWAY_PORT: String(gatewayPort),
    SHOP_SERVICE_URL: serviceUrl,
  });
  if (await waitFor(`http://localhost:${gatewayPort}/healthz`, 60_000)) {
    console.log(`Shop running at http://localhost:${gatewayPort}`);
  }
}
