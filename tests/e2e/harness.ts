/**
 * What every end-to-end suite needs: the real servers as `npm start` runs them (the shop service
 * and the GraphQL gateway serving the built web app) on free ports with a temporary database,
 * and Debian's Chromium driven by playwright-core. Screenshots go to test-results/screenshots/.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';

export { freePort } from '../../scripts/free-port.ts';

import { freePort } from '../../scripts/free-port.ts';
import { waitForUrl as waitUntilUp } from '../../scripts/wait-for-url.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const SHOTS = path.join(ROOT, 'test-results/screenshots');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function waitForUrl(url: string, timeoutMs: number): Promise<void> {
  if (!(await waitUntilUp(url, timeoutMs, () => false)))
    throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export interface Shop {
  /** The browser-facing origin (the gateway). */
  origin: string;
  serviceUrl: string;
  dataDir: string;
  browser: Browser;
  /** The last lines of both servers' logs, for failure messages. */
  serverLogs(): string;
  /** Freezes the shop service (SIGSTOP): it keeps its connections but answers nothing, as a hung process. */
  pauseService(): void;
  resumeService(): void;
  close(): Promise<void>;
}

/** The phone the suites check layouts on. */
export const PHONE_VIEWPORT = { width: 390, height: 844 };

/** A new phone (PHONE_VIEWPORT, touch) browsing in `locale`; its pages wait up to 20 s. */
export async function phoneContext(shop: Shop, locale = 'zh-CN'): Promise<BrowserContext> {
  const context = await shop.browser.newContext({
    viewport: PHONE_VIEWPORT,
    locale,
    isMobile: true,
    hasTouch: true,
  });
  context.setDefaultTimeout(20_000);
  return context;
}

/**
 * Starts service + gateway on free ports, serving the web app the suite's global setup built
 * (build-web.ts), and launches Chromium.
 */
export async function startShop(env: Record<string, string> = {}): Promise<Shop> {
  fs.mkdirSync(SHOTS, { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
  const children: ChildProcess[] = [];
  const servicePort = await freePort();
  const gatewayPort = await freePort();
  const origin = `http://127.0.0.1:${gatewayPort}`;
  const serviceUrl = `http://127.0.0.1:${servicePort}`;

  const startNode = (name: string, entry: string, extra: Record<string, string>) => {
    const log = fs.openSync(path.join(dataDir, `${name}.log`), 'a');
    const childEnv: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      ...extra,
      ...env,
    };
    delete childEnv.DATABASE_URL;
    delete childEnv.TEST_DATABASE_URL;
    children.push(
      spawn(process.execPath, ['--import', 'tsx', entry], {
        cwd: ROOT,
        env: childEnv,
        stdio: ['ignore', log, log],
      }),
    );
  };
  const serverLogs = () =>
    ['service', 'gateway']
      .map((name) => {
        const file = path.join(dataDir, `${name}.log`);
        return fs.existsSync(file) ? `--- ${name}\n${fs.readFileSync(file, 'utf8').slice(-4000)}` : '';
      })
      .join('\n');
  const close = async () => {
    // a paused service must run again to hear its SIGTERM
    children[0]?.kill('SIGCONT');
    await Promise.all(children.map(stopChild));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  startNode('service', 'service/src/main.ts', {
    SERVICE_PORT: String(servicePort),
    PORT: String(servicePort),
    PUBLIC_ORIGIN: origin,
    DATA_DIR: dataDir,
  });
  try {
    await waitForUrl(`${serviceUrl}/service/shop/system/config`, 90_000);
    startNode('gateway', 'gateway/src/main.ts', {
      GATEWAY_PORT: String(gatewayPort),
      PORT: String(gatewayPort),
      SHOP_SERVICE_URL: serviceUrl,
      PUBLIC_ORIGIN: origin,
      DATA_DIR: dataDir,
    });
    await waitForUrl(`${origin}/healthz`, 90_000);
  } catch (error) {
    const logs = serverLogs();
    await close();
    throw new Error(`${(error as Error).message}\n${logs}`);
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
    ],
  });
  return {
    origin,
    serviceUrl,
    dataDir,
    browser,
    serverLogs,
    pauseService: () => children[0].kill('SIGSTOP'),
    resumeService: () => children[0].kill('SIGCONT'),
    async close() {
      await browser.close().catch(() => {});
      await close();
    },
  };
}

/** A screenshot of the viewport into test-results/screenshots/<name>.png. */
export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
}

/** An anonymous GraphQL query through the gateway, answered in `locale` (its `data`). */
export async function publicQuery<T>(origin: string, query: string, locale = 'zh-CN'): Promise<T> {
  const res = await fetch(`${origin}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'apollo-require-preflight': 'true',
      'accept-language': locale,
    },
    body: JSON.stringify({ query }),
  });
  const body = (await res.json()) as { data?: T; errors?: unknown };
  if (!body.data) throw new Error(`${query}: ${JSON.stringify(body.errors)}`);
  return body.data;
}

/** A GraphQL call through the gateway with the page's session cookie (as the web app makes it). */
export async function gqlInPage<T>(
  page: Page,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  return page.evaluate(
    async ({ query, variables }) => {
      const res = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true' },
        body: JSON.stringify({ query, variables }),
      });
      return res.json();
    },
    { query, variables },
  ) as Promise<T>;
}

/**
 * Waits until React has taken over a server-rendered element (its props are attached: it is
 * hydrated, its handlers live). Text typed into a server-rendered form before that is not yet
 * the app's: a test types after it, as the form becomes interactive.
 */
export async function hydrated(element: Locator): Promise<void> {
  await expect
    .poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactProps'))))
    .toBe(true);
}

/**
 * Waits until a page has settled, by its state rather than a time: every control of the app (when
 * it is the app's page) has been hydrated (so every lazy boundary holding one has loaded and hydrated, and React has reported
 * any mismatch), no navigation or loading indicator and no skeleton is showing, fonts are loaded,
 * and no finite animation or transition is still running; then until the page has not scrolled
 * for three frames (a smooth scroll is still under way otherwise).
 */
export async function settled(page: Page, timeout = 20_000): Promise<void> {
  await page.waitForFunction(
    () => {
      if (document.readyState !== 'complete') return false;
      // a page of the app (the lpay page is not one)
      const controls =
        document.getElementById('root')?.querySelectorAll('a, button, input, select, textarea') ?? [];
      if (![...controls].every((node) => Object.keys(node).some((key) => key.startsWith('__reactProps'))))
        return false;
      if (
        document.querySelector(
          '[data-testid="nav-progress"][data-active="true"], [role="progressbar"][aria-busy="true"], [data-skeleton]',
        )
      )
        return false;
      if (document.fonts && document.fonts.status !== 'loaded') return false;
      return document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
        );
    },
    undefined,
    { timeout, polling: 'raf' },
  );
  // A smooth scroll (an editor brought into view) is no animation the page lists: wait until the
  // page has stayed where it is for three frames, so nothing is caught half under the fixed header.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = '';
        let still = 0;
        const frame = () => {
          const now = `${window.scrollX},${window.scrollY}`;
          still = now === last ? still + 1 : 0;
          last = now;
          if (still >= 3) resolve();
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
}

/**
 * Picks `locale` in /home's language switcher as a shopper does (the page may not have hydrated
 * yet: the switcher applies an early pick once it has), then reloads once the choice is kept in
 * the encrypted storage, which is written asynchronously.
 */
export async function switchLanguage(page: Page, origin: string, locale: 'en-GB' | 'zh-CN'): Promise<void> {
  const lang = () => page.evaluate(() => document.documentElement.lang);
  await page.goto(`${origin}/home`);
  await page
    .locator('select')
    .filter({ has: page.locator(`option[value="${locale}"]`) })
    .first()
    .selectOption(locale);
  await expect.poll(lang).toBe(locale);
  const stored = () =>
    page.evaluate(() => Object.keys(localStorage).filter((key) => key.endsWith('locale')).length);
  await expect.poll(stored).toBe(1);
  await page.reload();
  await expect.poll(lang).toBe(locale);
}

/** A slow phone: the page's scripts do not arrive until the returned function is called. */
export async function holdScripts(target: Page | BrowserContext): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await target.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue().catch(() => {});
  });
  return release;
}
