/**
 * The variables `npm start` itself reads (the service and the gateway read theirs from their own
 * schemas, with the ports and origin it passes them). A value that does not parse stops it before
 * anything is built or started.
 */
import { flag } from '@shop/common/settings/flag.ts';
import { browserPort } from '@shop/common/settings/numbers.ts';
import { orExit, readSettings } from '@shop/common/settings/read.ts';
import { optionalSetting, setting } from '@shop/common/settings/setting.ts';
import { httpUrl } from '@shop/common/settings/url.ts';
import { z } from 'zod';

export const startSettings = z.object({
  // both are probed with fetch, which, as browsers, will not open the bad ports
  SERVICE_PORT: setting(browserPort, '4001', 'the service port'),
  GATEWAY_PORT: setting(browserPort, '4000', 'the gateway port'),
  PUBLIC_ORIGIN: optionalSetting(
    httpUrl,
    '`http://localhost:<GATEWAY_PORT>`',
    'passed to the service and the gateway alike, so their links and canonical addresses agree',
  ),
  SHOP_SERVICE_URL: optionalSetting(httpUrl, '`http://localhost:<SERVICE_PORT>`', 'passed to the gateway'),
  START_BUILD: setting(
    flag,
    'true',
    'build what is stale first; `false` serves the builds as they are (tests, a host that only runs)',
  ),
});

export interface StartConfig {
  servicePort: number;
  gatewayPort: number;
  publicOrigin: string;
  serviceUrl: string;
  build: boolean;
}

/** What each child is told besides the environment it inherits: one PUBLIC_ORIGIN for both. */
export function childSettings(config: StartConfig): {
  service: NodeJS.ProcessEnv;
  gateway: NodeJS.ProcessEnv;
} {
  return {
    service: { SERVICE_PORT: String(config.servicePort), PUBLIC_ORIGIN: config.publicOrigin },
    gateway: {
      GATEWAY_PORT: String(config.gatewayPort),
      SHOP_SERVICE_URL: config.serviceUrl,
      PUBLIC_ORIGIN: config.publicOrigin,
    },
  };
}

export function loadStartConfig(env: Record<string, string | undefined> = process.env): StartConfig {
  const s = orExit('npm start', () => readSettings(startSettings, env));
  return {
    servicePort: s.SERVICE_PORT,
    gatewayPort: s.GATEWAY_PORT,
    publicOrigin: s.PUBLIC_ORIGIN ?? `http://localhost:${s.GATEWAY_PORT}`,
    serviceUrl: s.SHOP_SERVICE_URL ?? `http://localhost:${s.SERVICE_PORT}`,
    build: s.START_BUILD,
  };
}
