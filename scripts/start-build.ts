/**
 * `npm start`'s build step: `npm run build` (codegen + playground + web app and its server entry)
 * when web/dist or web/dist-ssr is missing or older than web/src, schema/ or the web config; only
 * the playground when just that is missing or stale. Until the web app exists (web/vite.config.ts)
 * its build is skipped.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

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

let building: ChildProcess | undefined;

/**
 * `npm run <script>` in a process group of its own: npm would hand a signal to the script's shell
 * alone, so a stop signals the group, the build's every process.
 */
function run(script: string): Promise<boolean> {
  console.log(`> npm run ${script}`);
  const child = spawn('npm', ['run', script], { stdio: 'inherit', detached: true });
  building = child;
  return new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      building = undefined;
      if (code !== 0) console.error(`\n!!! npm run ${script} failed (${signal ?? `exit ${code}`}).`);
      resolve(code === 0);
    });
  });
}

/** Stops a build under way (npm start is stopping). */
export function stopBuilding(): void {
  try {
    if (building?.pid !== undefined) process.kill(-building.pid, 'SIGTERM');
  } catch {
    // it has just ended
  }
}

/** A failed build does not stop the shop: the previous build (if any) is served, loudly. */
export async function buildIfNeeded(): Promise<void> {
  const webReady = fs.existsSync('web/vite.config.ts') && fs.existsSync('web/index.html');
  const webStale =
    webReady &&
    Math.min(builtAt('web/dist/index.html'), builtAt('web/dist-ssr/entry-server.js')) <
      newest('web/src', 'web/index.html', 'web/vite.config.ts', 'schema', 'codegen.ts', 'web/public');
  const playgroundStale = () => builtAt('playground/dist/index.html') < newest('playground', 'schema');
  if (webStale && !(await run('build'))) {
    console.error(
      fs.existsSync('web/dist/index.html')
        ? '!!! Serving the previous web build from web/dist.\n'
        : '!!! No web build: only GraphQL and the playground are served.\n',
    );
  }
  if (playgroundStale() && !(await run('build:playground')))
    console.error('!!! The playground is not built.\n');
  if (!webReady) console.log('web/ is not there yet: serving GraphQL and the playground only.');
}
