/**
 * `npm test`: regenerates the generated files, type-checks and lints (side by side: neither needs
 * the other), then runs every vitest project, and ends with each phase's time.
 *
 *   npm test                          everything
 *   npm test -- --check-generated     and refuse a tree whose committed generated files the
 *                                     regeneration changed (what CI runs)
 *   npm test -- tests/gateway/cache.test.ts --project gateway
 *                                     the checks, then only what vitest is given
 */
import { spawn } from 'node:child_process';

const GENERATED = [
  'gateway/src/__generated__',
  'web/src/__generated__',
  'schema/user-error-codes.graphql',
  'schema/published',
  'docs/configuration.md',
];

const args = process.argv.slice(2);
const checkGenerated = args.includes('--check-generated');
const vitestArgs = args.filter((arg) => arg !== '--check-generated');

interface Phase {
  name: string;
  ms: number;
}
const phases: Phase[] = [];

/** Runs a command, its output to the terminal or kept for the caller; resolves to its exit code. */
function run(command: string, commandArgs: string[], output: 'inherit' | 'buffer' = 'inherit') {
  return new Promise<{ code: number; text: string }>((resolve) => {
    const child = spawn(command, commandArgs, {
      stdio: ['ignore', output === 'inherit' ? 'inherit' : 'pipe', output === 'inherit' ? 'inherit' : 'pipe'],
    });
    let text = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk;
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      text += chunk;
    });
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), text }));
  });
}

async function phase(name: string, work: () => Promise<boolean>): Promise<void> {
  const startedAt = Date.now();
  console.log(`\n[test] ${name}`);
  const ok = await work();
  phases.push({ name, ms: Date.now() - startedAt });
  if (!ok) finish(1, `${name} failed`);
}

function finish(code: number, why?: string): never {
  console.log('\n[test] time by phase:');
  for (const { name, ms } of phases)
    console.log(`  ${name.padEnd(34)} ${(ms / 1000).toFixed(1).padStart(7)} s`);
  if (why) console.error(`[test] ${why}`);
  process.exit(code);
}

await phase('codegen', async () => {
  const codegen = await run('npm', ['run', '--silent', 'codegen']);
  if (codegen.code !== 0) return false;
  const tables = await run('npx', ['tsx', 'scripts/config-tables.ts']);
  if (tables.code !== 0 || !checkGenerated) return tables.code === 0;
  const diff = await run('git', ['diff', '--exit-code', '--stat', '--', ...GENERATED]);
  const untracked = await run(
    'git',
    ['ls-files', '--others', '--exclude-standard', '--', ...GENERATED],
    'buffer',
  );
  if (diff.code === 0 && untracked.text.trim() === '') return true;
  await run('git', ['status', '--short', '--', ...GENERATED]);
  console.error(
    'Generated files are out of date: run `npm run codegen && npx tsx scripts/config-tables.ts` and commit what they write.',
  );
  return false;
});

// tsc and Biome each keep about one core busy for a while; on two cores they finish together.
await phase('typecheck and lint', async () => {
  const [typecheck, lint] = await Promise.all([
    run('npm', ['run', '--silent', 'typecheck'], 'buffer'),
    run('npm', ['run', '--silent', 'lint'], 'buffer'),
  ]);
  for (const [name, result] of [
    ['typecheck', typecheck],
    ['lint', lint],
  ] as const) {
    if (result.code !== 0) console.error(`--- ${name}\n${result.text}`);
  }
  return typecheck.code === 0 && lint.code === 0;
});

await phase('suites (vitest)', async () => (await run('npx', ['vitest', 'run', ...vitestArgs])).code === 0);

finish(0);
