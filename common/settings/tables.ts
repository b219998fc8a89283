/**
 * The configuration tables of docs/configuration.md, made from a process's schema: one row per variable with its
 * default and meaning as registered beside it (setting.ts), in the schema's order.
 */
import type { z } from 'zod';
import { settingDocs } from './setting.ts';

export interface SettingRow {
  variable: string;
  default: string;
  doc: string;
}

export function settingRows(schema: z.ZodObject): SettingRow[] {
  return Object.entries(schema.shape).map(([variable, field]) => {
    const doc = settingDocs.get(field as z.ZodType);
    if (!doc)
      throw new Error(`${variable} has no README entry: declare it with setting() or optionalSetting()`);
    return { variable, ...doc };
  });
}

export function settingsTable(schema: z.ZodObject): string {
  const rows = settingRows(schema).map((row) => `| \`${row.variable}\` | ${row.default} | ${row.doc} |`);
  return ['| variable | default | meaning |', '|---|---|---|', ...rows].join('\n');
}

/** The markers around a generated table in the README. */
export const tableMarkers = (name: string) =>
  [`<!-- settings:${name} -->`, `<!-- /settings:${name} -->`] as const;

/** `readme` with the text between the table's markers replaced by `table`. */
export function withTable(readme: string, name: string, table: string): string {
  const [open, close] = tableMarkers(name);
  const start = readme.indexOf(open);
  const end = readme.indexOf(close);
  if (start < 0 || end < start) throw new Error(`README.md has no ${open} … ${close}`);
  return `${readme.slice(0, start + open.length)}\n${table}\n${readme.slice(end)}`;
}
