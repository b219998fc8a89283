/**
 * `npm run bench:profile`: where the gateway spends its time on the uncached path. Starts the
 * bench stack with the gateway under `--cpu-prof`, sends uncached product-detail queries for a
 * few seconds, then prints the share of each stage of a request,
 * the heaviest packages and the heaviest frames (self time) of the gateway's CPU profile. The .cpuprofile stays in BENCH_PROFILE_DIR (default
 * a temp folder) for Chrome DevTools.
 * BENCH_PROFILE_CACHED=1 repeats one request instead, so every request after the first is a response-cache hit;
 * BENCH_PROFILE_GET=1 sends the query as an anonymous GET (as the web app does) instead of a POST.
 * BENCH_PROFILE_PAGE=signed-in|anonymous|goods profiles server-rendered pages instead (that case of
 * bench/render-cpu.ts, the shop as `npm start` runs it, concurrency 4); frames of the web app's
 * server bundle are named by their sources through its source map.
 */
import { once } from 'node:events';
import fs from 'node:fs';
import { SourceMap } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'undici';
import { manifestId, withStack } from './gateway.ts';
import { fixed, loop, rps, table } from './lib.ts';
import { withRenderShop } from './render-cpu.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const page = process.env.BENCH_PROFILE_PAGE;
const cached = process.env.BENCH_PROFILE_CACHED === '1';
const viaGet = process.env.BENCH_PROFILE_GET === '1';
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? (page ? 4 : 32));
const dir = process.env.BENCH_PROFILE_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'shop-gateway-profile-'));

/** Source maps of bundles (web/dist-ssr/entry-server.js.map), read once each; null when none. */
const maps = new Map<string, SourceMap | null>();
function sourceMap(url: string): SourceMap | null {
  if (!maps.has(url)) {
    const file = `${url.replace(/^file:\/\//, '').replace(/\?.*$/, '')}.map`;
    maps.set(url, fs.existsSync(file) ? new SourceMap(JSON.parse(fs.readFileSync(file, 'utf8'))) : null);
  }
  return maps.get(url) ?? null;
}

/** A frame's file and line, through the bundle's source map when it has one. */
function located(frame: ProfileNode['callFrame']): { url: string; line: number } {
  const map = frame.url ? sourceMap(frame.url) : null;
  const entry = map?.findEntry(frame.lineNumber, frame.columnNumber) as
    | { originalSource?: string; originalLine?: number }
    | undefined;
  if (entry?.originalSource) return { url: entry.originalSource, line: (entry.originalLine ?? 0) + 1 };
  return { url: frame.url, line: frame.lineNumber + 1 };
}

/** Groups a frame's file into "our code: file" or "package name". */
function owner(url: string): string {
  if (!url) return '(native / idle)';
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inModules) return inModules[1];
  if (url.startsWith('node:')) return url;
  const ours = /\/((?:gateway|web)\/src\/.*)$/.exec(url);
  return ours ? ours[1] : url.replace(/^file:\/\//, '');
}

/**
 * The stages of an uncached GraphQL request, each recognised by the frames it runs (file or
 * native function). A sample belongs to the stage of its innermost recognised frame, so a
 * resolver's upstream call counts as upstream HTTP, not as execution.
 */
const STAGES: Array<[string, (functionName: string, url: string) => boolean]> = [
  // A server-rendered page's stages (the web app's server bundle, named through its source map).
  [
    'page: React rendering (react-dom/server)',
    (_, url) => /node_modules\/(react|react-dom|scheduler)\//.test(url),
  ],
  ['page: styled-components (styles, stylis)', (_, url) => /styled-components|stylis|@emotion/.test(url)],
  ['page: react-intl / formatjs (messages)', (_, url) => /react-intl|@formatjs|intl-messageformat/.test(url)],
  ['page: Apollo Client (cache, masking)', (_, url) => /@apollo\/client|@wry|optimism|rxjs/.test(url)],
  ['page: React Router', (_, url) => /react-router/.test(url)],
  ["page: the web app's own code", (_, url) => /\/web\/src\//.test(url)],
  ["page: the gateway's render (template, stream)", (_, url) => /web-server\/src\//.test(url)],
  [
    'socket writes (system calls)',
    (name, url) =>
      !url && ['writev', 'writeUtf8String', 'writeLatin1String', 'writeString', 'writeBuffer'].includes(name),
  ],
  ['garbage collection', (name) => name === '(garbage collector)'],
  ['operation log line', (_, url) => /pino|sonic-boom|gateway\/src\/logging\.ts/.test(url)],
  [
    'upstream HTTP (undici, reading the REST answer)',
    (_, url) => /undici|wasm:|gateway\/src\/upstream\/client\.ts/.test(url),
  ],
  [
    'resolvers, DataLoader, session upstream',
    (_, url) => /gateway\/src\/(resolvers|shop-client|upstream|loaders|mappers|session)|dataloader/.test(url),
  ],
  ['execution (graphql-js)', (_, url) => /node_modules\/graphql\/execution/.test(url)],
  [
    'Express (router, body parser, helmet, compression)',
    (_, url) =>
      /node_modules\/(express|router|body-parser|raw-body|helmet)\/|gateway\/src\/http\/compression\.ts|node:zlib/.test(
        url,
      ),
  ],
  [
    "Apollo's request pipeline and the gateway's plugins",
    (_, url) =>
      /@apollo|negotiator|whatwg-mimetype|content-type|node_modules\/graphql\/|graphql-armor|gateway\/src\/(server|context)\.ts|gateway\/src\/graphql\/(cache-plugins|list-cost|error-contract|safelist|operation-outcome)\.ts/.test(
        url,
      ),
  ],
  [
    'Node HTTP server and sockets',
    (_, url) => /^node:(_http|net|internal\/streams|stream|internal\/stream)/.test(url),
  ],
];

/** Microseconds on the monotonic clock a CPU profile's timestamps use (shared by all processes). */
const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);
const inRange = (at: number, range: { from: number; to: number }) => at >= range.from && at <= range.to;

/**
 * `window`: only the samples of the measured load, not start-up module loading: either the last
 * samples covering that many microseconds, or those between two readings of monotonicMicros().
 */
export function summarise(
  profile: Profile,
  top = 25,
  window: number | { from: number; to: number } = Number.POSITIVE_INFINITY,
): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const stageOf = new Map<number, string>();
  const stage = (id: number): string => {
    const known = stageOf.get(id);
    if (known !== undefined) return known;
    const { functionName, url: raw } = byId.get(id)!.callFrame;
    const { url } = located(byId.get(id)!.callFrame);
    // Both names: a package's source map names its own sources (../../src/requestPipeline.ts).
    const own = STAGES.find(([, matches]) => matches(functionName, url) || matches(functionName, raw))?.[0];
    const up = parent.get(id);
    const found = own ?? (up === undefined ? 'other (event loop, timers, microtasks)' : stage(up));
    stageOf.set(id, found);
    return found;
  };
  const self = new Map<number, number>();
  const span = profile.timeDeltas.reduce((a, b) => a + b, 0);
  let at = 0;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (typeof window === 'number' ? span - at > window : !inRange(profile.startTime + at, window)) return;
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const frames = new Map<string, number>();
  const owners = new Map<string, number>();
  for (const [id, micros] of self) {
    const node = byId.get(id)!;
    const { functionName } = node.callFrame;
    if (functionName === '(idle)') continue;
    const { url, line } = located(node.callFrame);
    // A package by its name, whatever its source map calls the file.
    const who = /node_modules\//.test(node.callFrame.url) ? owner(node.callFrame.url) : owner(url);
    const frame = `${functionName || '(anonymous)'} ${who}:${line}`;
    frames.set(frame, (frames.get(frame) ?? 0) + micros);
    owners.set(who, (owners.get(who) ?? 0) + micros);
  }
  const idle = [...self].filter(([id]) => byId.get(id)!.callFrame.functionName === '(idle)');
  const idleMicros = idle.reduce((sum, [, micros]) => sum + micros, 0);
  const busy = total - idleMicros;
  const pct = (micros: number) => `${fixed((100 * micros) / busy, 1)} %`;
  console.log(`\nbusy ${fixed(busy / 1000, 0)} ms of ${fixed(total / 1000, 0)} ms sampled\n`);
  const stages = new Map<string, number>();
  for (const [id, micros] of self) {
    if (byId.get(id)!.callFrame.functionName === '(idle)') continue;
    stages.set(stage(id), (stages.get(stage(id)) ?? 0) + micros);
  }
  table(
    ['by stage (self time of the frames each stage runs)', 'share'],
    [...stages].sort((a, b) => b[1] - a[1]).map(([name, micros]) => [name, pct(micros)]),
  );
  console.log(
    '(socket writes: sampled by wall clock, so they include the time the process waits to be scheduled\n' +
      'again after waking its peer on a busy machine; CPU time per request is in `npm run bench`)\n',
  );
  table(
    ['by package / gateway file (self time)', 'share'],
    [...owners]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 15)
      .map(([name, micros]) => [name, pct(micros)]),
  );
  console.log('');
  table(
    ['heaviest frames (self time)', 'share'],
    [...frames]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => [name.slice(0, 100), pct(micros)]),
  );
}

/** Server-rendered pages of one case of bench/render-cpu.ts, the gateway under `--cpu-prof`. */
async function profilePages(name: string): Promise<{ from: number; to: number }> {
  return withRenderShop(['--cpu-prof', `--cpu-prof-dir=${dir}`], async ({ gateways, cases, send }) => {
    const gateway = gateways[0].child;
    const item = cases.find((entry) => entry.name.includes(name));
    if (!item)
      throw new Error(`BENCH_PROFILE_PAGE: choose from ${cases.map((entry) => entry.name).join(', ')}`);
    await loop(CONCURRENCY, 1, (i) => send(item, 1e6 + i), 40);
    const from = monotonicMicros();
    const result = await loop(CONCURRENCY, SECONDS, (i) => send(item, i));
    const to = monotonicMicros();
    console.log(
      `${item.name} under --cpu-prof: ${fixed(rps(result), 1)} pages/s at concurrency ${CONCURRENCY}, ` +
        `${result.failures} failures`,
    );
    // The profile is written as the gateway exits: it is given the time that takes.
    const exited = once(gateway.process, 'exit');
    gateway.process.kill('SIGTERM');
    await exited;
    return { from, to };
  });
}

async function main() {
  if (page) return summariseNewest(await profilePages(page));
  await withStack(
    {},
    async ({ gateway }) => {
      const pool = new Pool(gateway.url, { connections: 32 });
      // As the web app and the bench send it: the manifest's persisted-query hash, no text.
      const sha256Hash = manifestId('GoodsDetailPage');
      const send = async (i: number) => {
        const variables = cached ? { id: '1' } : { id: '1', nonce: i };
        const extensions = { persistedQuery: { version: 1, sha256Hash } };
        const res = await pool.request(
          viaGet
            ? {
                method: 'GET',
                path:
                  `/graphql?operationName=GoodsDetailPage&variables=${encodeURIComponent(JSON.stringify(variables))}` +
                  `&extensions=${encodeURIComponent(JSON.stringify(extensions))}`,
                headers: { 'apollo-require-preflight': 'true' },
              }
            : {
                method: 'POST',
                path: '/graphql',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ variables, operationName: 'GoodsDetailPage', extensions }),
              },
        );
        const body = await res.body.text();
        return res.statusCode === 200 && body.includes('"product":{"id"');
      };
      await loop(8, 1, send);
      const result = await loop(CONCURRENCY, SECONDS, (i) => send(i + 1e6));
      console.log(
        `gateway ${cached ? 'cached' : 'uncached'} ${viaGet ? 'GET' : 'POST'} under --cpu-prof: ${fixed(rps(result), 0)} req/s, ${result.failures} failures`,
      );
      await pool.close();
    },
    ['--cpu-prof', `--cpu-prof-dir=${dir}`],
  );
  // The measured loop and the stop that follows it; start-up and warm-up are left out.
  summariseNewest((SECONDS + 0.5) * 1e6);
}

/** The gateway's profile of this run, summarised over `window` (see summarise). */
function summariseNewest(window: number | { from: number; to: number }): void {
  const files = fs.readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'));
  const newest = files
    .map((name) => path.join(dir, name))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  // Three node processes ran under the flag (service, proxy, gateway); the gateway's is the one
  // that ran gateway code.
  const gatewayProfile = newest.find((file) =>
    fs.readFileSync(file, 'utf8').includes('gateway/src/server.ts'),
  );
  if (!gatewayProfile) throw new Error(`no gateway profile in ${dir}`);
  console.log(`profile: ${gatewayProfile}`);
  summarise(JSON.parse(fs.readFileSync(gatewayProfile, 'utf8')) as Profile, 25, window);
}

if (process.argv[1]?.endsWith('profile.ts')) await main();
