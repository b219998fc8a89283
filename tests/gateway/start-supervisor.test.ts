/**
 * `npm start` as an operator runs it, in its own data folder and on free ports, serving a stand-in
 * web build (START_BUILD=false: nothing is built). A service killed with SIGKILL is restarted
 * while the gateway keeps answering pages with its outage page; both are given npm start's one
 * PUBLIC_ORIGIN; SIGTERM to the `npm` process itself stops every process under it and frees both ports.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../scripts/free-port.ts';
import { descendants, gone, listening } from './process-tree.ts';
import { standInBuild } from './stand-in-build.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The web app's contract for an outage: the shell's data did not come, so the page is `unavailable`. */
const ENTRY = `
export const renderCookies = [];
export async function render(input) {
  const url = new URL(input.request.url);
  const head = { title: 'page', description: '', canonical: url.href, alternates: [], meta: [] };
  const result = await input.execute({
    query: 'query Shell { config { shopName } }',
    variables: {},
    operationName: 'Shell',
  });
  const shopName = result.data?.config?.shopName;
  if (result.errors?.length || !shopName) return { kind: 'unavailable', head, styles: '', html: '<p>outage</p>' };
  return {
    kind: 'page',
    status: 200,
    head,
    modules: [],
    styles: '',
    complete: true,
    apolloState: () => ({}),
    pipe: (into) => into.end('<p>' + shopName + '</p>'),
  };
}
`;

describe('npm start supervises the service and the gateway', () => {
  let npm: ChildProcess;
  let output = '';
  let dataDir: string;
  let dist: string;
  let servicePort: number;
  let gatewayPort: number;
  let origin: string;
  let started: number[] = [];

  /** The pid of the process under npm running that main module. */
  const running = (entry: string) => {
    const found = descendants(npm.pid as number).filter(({ command }) => command.endsWith(entry));
    expect(found).toHaveLength(1);
    return found[0].pid;
  };

  beforeAll(async () => {
    ({ dist } = standInBuild(ENTRY));
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-start-'));
    servicePort = await freePort();
    gatewayPort = await freePort();
    origin = `http://127.0.0.1:${gatewayPort}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      START_BUILD: 'false',
      DATA_DIR: dataDir,
      SERVICE_PORT: String(servicePort),
      GATEWAY_PORT: String(gatewayPort),
      WEB_DIST: dist,
      WEB_SSR_BUNDLE: path.join(dist, 'ssr/entry-server.js'),
      LOG_LEVEL: 'error',
    };
    // npm start's own default origin, which it must give the gateway as well as the service
    delete env.PUBLIC_ORIGIN;
    delete env.DATABASE_URL;
    delete env.TEST_DATABASE_URL;
    npm = spawn('npm', ['start'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    npm.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    npm.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    await vi.waitFor(
      () => {
        if (npm.exitCode !== null) throw new Error(`npm start ended:\n${output}`);
        expect(output).toContain(`Shop running at http://localhost:${gatewayPort}`);
      },
      { timeout: 90_000, interval: 50 },
    );
  }, 120_000);

  afterAll(() => {
    // whatever a failed test left behind
    for (const pid of [...(npm?.pid ? descendants(npm.pid).map(({ pid }) => pid) : []), ...started]) {
      if (!gone(pid)) process.kill(pid, 'SIGKILL');
    }
    npm?.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('restarts a killed service while the gateway answers pages with its outage page', async () => {
    const service = running('service/src/main.ts');
    process.kill(service, 'SIGKILL');

    // A page every 50 ms until it is whole again: its status, or the error of a refused connection.
    const answers: Array<number | string> = [];
    const deadline = Date.now() + 20_000;
    while (answers.at(-1) !== 200 && Date.now() < deadline) {
      const res = await fetch(`${origin}/home`, { headers: { accept: 'text/html' } }).catch(
        (error: Error) => (error.cause as NodeJS.ErrnoException | undefined)?.code ?? error.message,
      );
      if (typeof res === 'string') answers.push(res);
      else {
        answers.push(res.status);
        if (res.status === 503) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
        await res.body?.cancel();
      }
      if (answers.at(-1) !== 200) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(answers[0]).toBe(503);
    expect(answers.filter((answer) => answer !== 503)).toEqual([200]);

    const graphql = await fetch(`${origin}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ config { shopName } }' }),
    });
    expect(await graphql.json()).toMatchObject({ data: { config: { shopName: expect.any(String) } } });
    const restarted = running('service/src/main.ts');
    expect(restarted).not.toBe(service);
    expect(output).toMatch(/service exited \(signal SIGKILL\) after [\d.]+ s; restarting in 0\.5 s/);
    expect(output).toContain(`service started (pid ${restarted}, restart 1)`);
  }, 30_000);

  it('gives the gateway the PUBLIC_ORIGIN it gives the service: canonical addresses on its own port', async () => {
    const page = await fetch(`${origin}/origin`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(
      `<link rel="canonical" href="http://localhost:${gatewayPort}/origin">`,
    );
  });

  it('stops every process under npm, and frees the ports, on SIGTERM to npm itself', async () => {
    const children = [running('service/src/main.ts'), running('gateway/src/main.ts')];
    // the launcher, the service and the gateway (and their tsx helpers)
    started = descendants(npm.pid as number).map(({ pid }) => pid);
    expect(started).toEqual(expect.arrayContaining(children));
    expect(started.length).toBeGreaterThan(children.length);
    const stoppedAt = Date.now();
    process.kill(npm.pid as number, 'SIGTERM');

    await vi.waitFor(
      async () => {
        expect(started.filter((pid) => !gone(pid))).toEqual([]);
        expect(npm.exitCode ?? npm.signalCode).not.toBeNull();
        expect(await listening(servicePort)).toBe(false);
        expect(await listening(gatewayPort)).toBe(false);
      },
      { timeout: 20_000, interval: 50 },
    );
    // well within the gateway's own 15 s drain: nothing was in flight
    expect(Date.now() - stoppedAt).toBeLessThan(15_000);
  }, 30_000);
});
