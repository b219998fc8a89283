/**
 * `npm run dev`: the frontend developer's day.
 * - the shop service (:4001) and the gateway (:4000) as `npm start` runs them, restarted on change
 *   (node --watch);
 * - GraphQL codegen in watch mode (schema/*.graphql and web/src/**\/*.graphql → typed documents);
 * - Vite with hot reload on :4700 (WEB_PORT), proxying /graphql and /service to the gateway.
 * PUBLIC_ORIGIN defaults to the Vite origin so the lpay sandbox sends the shopper back to the dev
 * server. Ctrl-C stops everything.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { waitForAnswer } from './wait-for-url.ts';

const servicePort = Number(process.env.SERVICE_PORT ?? 4001);
const gatewayPort = Number(process.env.GATEWAY_PORT ?? 4000);
const webPort = Number(process.env.WEB_PORT ?? 4700);
const publicOrigin = process.env.PUBLIC_ORIGIN ?? `http://localhost:${webPort}`;
const serviceUrl = process.env.SHOP_SERVICE_URL ?? `http://localhost:${servicePort}`;

const children: ChildProcess[] = [];
const bin = (name: string) => `node_modules/.bin/${name}`;
let stopping = false;

function run(label: string, command: string, args: readonly string[], env: NodeJS.ProcessEnv = {}): void {
  const child = spawn(command, [...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  const prefix = `[${label}] `;
  const pipe = (stream: NodeJS.ReadableStream | null, out: NodeJS.WriteStream) =>
    stream?.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) out.write(`${prefix}${line}\n`);
    });
  pipe(child.stdout, process.stdout);
  pipe(child.stderr, process.stderr);
  child.on('exit', (code) => {
    if (stopping) return;
    console.log(`${prefix}exited (${code ?? 'signal'})`);
    // codegen --watch survives broken documents; anything else ending stops the session
    if (label !== 'codegen') shutdown(code ?? 1);
  });
  children.push(child);
}

function shutdown(code = 0): void {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => shutdown(0));

const waitFor = (url: string, timeoutMs: number) => waitForAnswer(url, timeoutMs, () => stopping);
const because = (outcome: { answered: false; lastError: string | undefined }) =>
  outcome.lastError ? ` (last attempt: ${outcome.lastError})` : '';

/**
 * Codegen in watch mode: re-runs `graphql-codegen` when schema/*.graphql or a web document changes
 * (fs.watch, debounced; the CLI's own --watch needs @parcel/watcher, which is not installed).
 * A broken document only prints the error; the next save tries again.
 */
function watchCodegen(): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let again = false;
  const generate = () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    const child = spawn(bin('graphql-codegen'), ['--config', 'codegen.ts', '--silent'], { stdio: 'inherit' });
    child.on('exit', (code) => {
      running = false;
      console.log(
        code === 0 ? '[codegen] types up to date' : `[codegen] failed (${code}); waiting for the next change`,
      );
      if (again) {
        again = false;
        generate();
      }
    });
  };
  const onChange = (_event: string, file: string | null) => {
    if (file && !file.endsWith('.graphql')) return;
    clearTimeout(timer);
    timer = setTimeout(generate, 200);
  };
  for (const dir of ['schema', 'web/src'])
    if (fs.existsSync(dir)) fs.watch(dir, { recursive: true }, onChange);
  generate();
}

// Each process's OpenTelemetry register module loads before its own modules (docs/operations.md).
const tsNode = (file: string) =>
  [
    process.execPath,
    ['--import', 'tsx', '--import', `./${path.dirname(file)}/telemetry/register.ts`, '--watch', file],
  ] as const;

run('service', ...tsNode('service/src/main.ts'), {
  SERVICE_PORT: String(servicePort),
  PUBLIC_ORIGIN: publicOrigin,
});
watchCodegen();
run('web', bin('vite'), ['--config', 'web/vite.config.ts', '--port', String(webPort)], {
  GATEWAY_URL: `http://localhost:${gatewayPort}`,
});
const serviceUp = await waitFor(`${serviceUrl}/service/shop/system/config`, 60_000);
if (serviceUp.answered) {
  run('gateway', ...tsNode('gateway/src/main.ts'), {
    GATEWAY_PORT: String(gatewayPort),
    SHOP_SERVICE_URL: serviceUrl,
    // the service's, so canonical addresses and Image.url agree with its links
    PUBLIC_ORIGIN: publicOrigin,
    NODE_ENV: process.env.NODE_ENV ?? 'development',
  });
  const gatewayUp = await waitFor(`http://localhost:${gatewayPort}/healthz`, 60_000);
  if (gatewayUp.answered) {
    console.log(
      `\nDev shop: http://localhost:${webPort} (gateway :${gatewayPort}, service :${servicePort})\n`,
    );
  } else if (!stopping) {
    console.error(`The gateway did not answer on :${gatewayPort}${because(gatewayUp)}.`);
  }
} else if (!stopping) {
  console.error(
    `The service did not answer on ${serviceUrl}${because(serviceUp)}; the gateway is not started.`,
  );
}
