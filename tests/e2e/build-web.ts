/**
 * The web app the end-to-end suite serves, built once before its files run (the e2e project's
 * global setup) rather than by whichever file starts first: files run side by side. Benchmarks
 * and the cluster suite call `buildWebIfStale` themselves.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Newest modification time under the given paths (what the build depends on). */
function newest(...paths: string[]): number {
  let latest = 0;
  const visit = (entry: string) => {
    if (!fs.existsSync(entry)) return;
    const stat = fs.statSync(entry);
    if (!stat.isDirectory()) {
      latest = Math.max(latest, stat.mtimeMs);
      return;
    }
    if (['node_modules', 'dist', '__generated__'].includes(path.basename(entry))) return;
    for (const child of fs.readdirSync(entry)) visit(path.join(entry, child));
  };
  for (const p of paths) visit(path.join(ROOT, p));
  return latest;
}

/**
 * Builds the playground, the web app and its server entry when web/dist is missing or older than
 * its sources (as scripts/start.ts decides). The generated types are not regenerated here: they
 * are committed, and `npm test` regenerates them before any suite.
 */
export function buildWebIfStale(): void {
  // Both builds: the browser's (web/dist) and the server entry (web/dist-ssr).
  const builtAt = Math.min(
    ...['web/dist/index.html', 'web/dist-ssr/entry-server.js'].map((file) => {
      const full = path.join(ROOT, file);
      return fs.existsSync(full) ? fs.statSync(full).mtimeMs : 0;
    }),
  );
  if (builtAt >= newest('web/src', 'web/index.html', 'web/vite.config.ts', 'schema', 'codegen.ts', 'common'))
    return;
  // Build as `npm start` would: without vitest's environment (VITEST moves the web config's root
  // to the repository, NODE_ENV=test changes the build).
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST') && key !== 'NODE_ENV'),
  );
  const startedAt = Date.now();
  const result = spawnSync('npm', ['run', 'build:bundles'], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
    timeout: 280_000,
  });
  if (result.status !== 0)
    throw new Error(`npm run build:bundles failed:\n${result.stdout}\n${result.stderr}`);
  console.log(`[e2e] web app built in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
}

export default function setup(): void {
  buildWebIfStale();
}
