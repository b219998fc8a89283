/**
 * The configuration tables (docs/configuration.md) against the settings schemas: every variable a process reads
 * is documented with its default, nothing documented is left unread, and the tables are the ones
 * scripts/config-tables.ts makes.
 */
import fs from 'node:fs';
import { settingRows, settingsTable } from '@shop/common/settings/tables.ts';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { gatewaySettings } from '../../gateway/src/settings.ts';
import { serviceSettings } from '../../service/src/settings.ts';

const readme = fs.readFileSync(new URL('../../docs/configuration.md', import.meta.url), 'utf8');
const configuration = readme;

/** The table that follows a line such as "Gateway:", as written. */
function tableAfter(heading: string): string[] {
  const lines = configuration.split('\n');
  const start = lines.indexOf(heading);
  expect(start, `docs/configuration.md has a "${heading}" table`).toBeGreaterThan(-1);
  const first = lines.findIndex((line, index) => index > start && line.startsWith('|'));
  const end = lines.findIndex((line, index) => index > first && !line.startsWith('|'));
  return lines.slice(first, end);
}

/** Variable → default cell of every row that names one variable. */
function documented(table: string[]): Map<string, string> {
  const rows = new Map<string, string>();
  for (const line of table) {
    const cells = line.split(' | ');
    const name = /^\| `([A-Z0-9_]+)`$/.exec(cells[0] ?? '');
    if (name) rows.set(name[1], cells[1]);
  }
  return rows;
}

describe.each([
  ['Service:', serviceSettings],
  ['Gateway:', gatewaySettings],
] as [string, z.ZodObject][])('the README table under "%s"', (heading, schema) => {
  const table = tableAfter(heading);
  const rows = documented(table);
  const schemaRows = settingRows(schema);

  it('documents every variable the schema reads, and no other', () => {
    const read = schemaRows.map((row) => row.variable).sort();
    expect([...rows.keys()].sort()).toEqual(read);
    expect(read.length).toBeGreaterThan(30);
  });

  it('gives each variable the default the schema applies', () => {
    for (const row of schemaRows) expect(rows.get(row.variable), row.variable).toBe(row.default);
  });

  it('is the table scripts/config-tables.ts makes (run it after changing a setting)', () => {
    expect(table.join('\n')).toBe(settingsTable(schema));
  });
});
