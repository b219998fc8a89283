/**
 * Reading a process's settings: every variable is checked, and the ones that do not parse are
 * refused together, each with its value and what is accepted, so one start shows every mistake.
 */
import type { z } from 'zod';
import type { RefusedValue } from './setting.ts';

export class SettingsError extends Error {
  override name = 'SettingsError';
}

function line(issue: z.core.$ZodIssue, env: Record<string, string | undefined>): string {
  const name = issue.path.map(String).join('.');
  const refused = issue.code === 'custom' ? (issue.params as RefusedValue | undefined) : undefined;
  const given = refused?.given ?? env[name];
  return `${name}=${JSON.stringify(given ?? '')}: ${issue.message}`;
}

/** The parsed settings, or a SettingsError naming every variable that does not parse. */
export function readSettings<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined>,
): z.output<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${line(issue, env)}`);
  throw new SettingsError(`settings refused, nothing started:\n${lines.join('\n')}`);
}

/**
 * For a process's start: a refusal is written to stderr as it is (no stack: the message is the
 * whole story) and the process exits with 1; any other error is thrown on.
 */
export function orExit<T>(processName: string, load: () => T): T {
  try {
    return load();
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    process.stderr.write(`${processName}: ${error.message}\n`);
    process.exit(1);
  }
}
