import fs from 'node:fs';
import os from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * The suites of `npm test`. The service suite runs once on SQLite and, when
 * TEST_DATABASE_URL points at a PostgreSQL server (as `.ci/run` arranges), once more on it.
 * The e2e suite needs Debian's Chromium (`.ci/run` installs it).
 */
const postgresUrl = process.env.TEST_DATABASE_URL;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const serviceSuite = (name: string, db: string): TestProjectInlineConfiguration => ({
  test: {
    name,
    include: ['tests/service/**/*.test.ts'],
    // *.postgres.test.ts need PostgreSQL (several processes on one database): that project only.
    exclude: db === 'sqlite' ? ['tests/service/**/*.postgres.test.ts'] : [],
    environment: 'node',
    env: { TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

const projects: TestProjectInlineConfiguration[] = [serviceSuite('service-sqlite', 'sqlite')];
if (postgresUrl) projects.push(serviceSuite('service-postgres', 'postgres'));
else console.warn('TEST_DATABASE_URL is not set: the service suite runs on SQLite only.');

projects.push({
  test: {
    name: 'gateway',
    include: ['tests/gateway/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB: 'sqlite' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

projects.push({
  test: {
    name: 'store',
    include: ['tests/store/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
  },
});

projects.push({
  test: {
    name: 'web-server',
    include: ['tests/web-server/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
  },
});

if (fs.existsSync('web')) {
  projects.push({
    extends: './web/vite.config.ts',
    test: {
      name: 'web',
      include: ['tests/web/**/*.test.{ts,tsx}'],
      environment: 'jsdom',
      setupFiles: ['tests/web/setup.ts'],
      testTimeout: 20_000,
    },
  });
}

if (fs.existsSync(chromium)) {
  projects.push({
    test: {
      name: 'e2e',
      include: ['tests/e2e/**/*.test.ts'],
      environment: 'node',
      testTimeout: 180_000,
      hookTimeout: 300_000,
      // A page answers a click within its network round trip and a render, which on a loaded two-core
      // machine can take seconds: polls wait as long as a shopper might (a passing poll no longer).
      expect: { poll: { timeout: 15_000 } },
      // Built once here, not by the first file to start: every file starts its own shop from it,
      // side by side with the others.
      globalSetup: ['tests/e2e/build-web.ts'],
    },
  });
} else {
  console.warn(`${chromium} not found: the end-to-end suite is left out (bash .ci/run installs Chromium).`);
}

export default defineConfig({
  test: {
    projects,
    passWithNoTests: false,
    // Each file starts its own servers on free ports with its own database (a temporary SQLite
    // file, a PostgreSQL schema of its own) and its own Redis, so files run side by side. Most of a
    // file's time is spent waiting on those child processes, sockets and Chromium, so it takes one
    // worker more than the cores to keep every core busy (vitest's default is one fewer than the
    // cores: a single worker on two). docs/testing.md has the figures.
    maxWorkers: os.availableParallelism() + 1,
    reporters: ['default', './tests/timing-reporter.ts'],
  },
});
