/**
 * What `npm start` reads itself (scripts/start-settings.ts): its defaults and a refusal naming the
 * variable. Its table in docs/configuration.md is regenerated and compared by .ci/run.
 */
import { readSettings } from '@shop/common/settings/read.ts';
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
});
