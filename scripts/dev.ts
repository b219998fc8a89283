/**
 * `npm run dev`: the frontend developer's day.
 * - the shop service (:4001) and the gateway (:4000), as `npm start` runs them (gateway from
 *   gateway/src/main.ts once it exists);
 * - GraphQL codegen in watch mode (schema/*.graphql and web/src/**\/*.graphql → typed documents);
 * - Vite with hot reload on :4700 (WEB_PORT), proxying /graphql and /service to the gateway.
 * Ctrl-C stops everything.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';

const children: ChildProcess[] = [];
const bin = (name: string) => `node_modules/.bin/${name}`;

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
    console.log(`${prefix}exited (${code ?? 'signal'})`);
    if (label !== 'codegen') shutdown(code ?? 1);
  });
  children.push(child);
}

let stopping = false;
function shutdown(code = 0): void {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => shutdown(0));

const nodeTs = (file: string) => [process.execPath, ['--import', 'tsx', '--watch', file]] as const;

run('service', ...nodeTs('service/src/main.ts'), { NODE_ENV: 'development' });
if (fs.existsSync('gateway/src/main.ts'))
  run('gateway', ...nodeTs('gateway/src/main.ts'), { NODE_ENV: 'development' });
else console.warn('[dev] gateway/src/main.ts not found yet: /graphql will not answer.');
run('codegen', bin('graphql-codegen'), ['--config', 'codegen.ts', '--watch']);
run('web', bin('vite'), ['--config', 'web/vite.config.ts']);
