/**
 * What `npm start` reads itself (scripts/start-settings.ts): its defaults, a refusal naming the
 * variable, and the table in docs/configuration.md as scripts/config-tables.ts makes it.
 */
import fs from 'node:fs';
import { readSettings } from '@shop/common/settings/read.ts';
import { settingsTable, tableMarkers } from '@shop/common/settings/tables.ts';
import { describe, expect, it } from 'vitest';
import { loadStartConfig, startSettings } from '../../scripts/start-settings.ts';

describe('npm start: its own settings', () => {
  it('runs on 4001 and 4000 with origins built on them, building first, when nothing is set', () => {
    expect(loadStartConfig({})).toEqual({
      servicePort: 4001,
      gatewayPort: 4000,
      publicOrigin: 'http://localhost:4000',
      serviceUrl: 'http://localhost:4001',
      build: true,
    });
    expect(loadStartConfig({ GATEWAY_PORT: '5000', START_BUILD: 'false' })).toMatchObject({
      publicOrigin: 'http://localhost:5000',
      build: false,
    });
  });

  it('refuses what does not parse, naming the variable, its value and what is accepted', () => {
    expect(() => readSettings(startSettings, { START_BUILD: 'maybe', SERVICE_PORT: '4001x' })).toThrow(
      /SERVICE_PORT="4001x": a port number[^\n]*\n {2}START_BUILD="maybe": true or false/,
    );
  });

  it('is documented by the README table scripts/config-tables.ts makes', () => {
    const readme = fs.readFileSync(new URL('../../docs/configuration.md', import.meta.url), 'utf8');
    const [open, close] = tableMarkers('start');
    const table = readme.slice(readme.indexOf(open) + open.length, readme.indexOf(close)).trim();
    expect(table).toBe(settingsTable(startSettings));
  });
});
