/**
 * What `npm start` reads itself (scripts/start-settings.ts): its defaults and a refusal naming the
 * variable. Its table in docs/configuration.md is regenerated and compared by .ci/run.
 */
import { readSettings } from '@shop/common/settings/read.ts';
import { describe, expect, it } from 'vitest';
import { shopAddresses } from '../../scripts/shop-addresses.ts';
import { childSettings, loadStartConfig, startSettings } from '../../scripts/start-settings.ts';

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

  it('gives the service and the gateway one PUBLIC_ORIGIN, its own default included', () => {
    for (const env of [
      { GATEWAY_PORT: '6100', SERVICE_PORT: '6101', SHOP_SERVICE_URL: 'http://127.0.0.1:6101' },
      { PUBLIC_ORIGIN: 'https://shop.example' },
    ]) {
      const { service, gateway } = childSettings(loadStartConfig(env));
      expect(gateway.PUBLIC_ORIGIN).toBe(env.PUBLIC_ORIGIN ?? 'http://localhost:6100');
      expect(service.PUBLIC_ORIGIN).toBe(gateway.PUBLIC_ORIGIN);
    }
    expect(childSettings(loadStartConfig({ GATEWAY_PORT: '6100', SERVICE_PORT: '6101' }))).toEqual({
      service: { SERVICE_PORT: '6101', PUBLIC_ORIGIN: 'http://localhost:6100' },
      gateway: {
        GATEWAY_PORT: '6100',
        SHOP_SERVICE_URL: 'http://localhost:6101',
        PUBLIC_ORIGIN: 'http://localhost:6100',
      },
    });
  });

  it('refuses the ports browsers and fetch will not open, naming the port', () => {
    expect(() => readSettings(startSettings, { GATEWAY_PORT: '6000', SERVICE_PORT: '6667' })).toThrow(
      /SERVICE_PORT="6667": 6667 is one of the ports browsers and fetch refuse to open[^\n]*\n {2}GATEWAY_PORT="6000": 6000 is one of the ports/,
    );
    expect(loadStartConfig({ GATEWAY_PORT: '6001' }).gatewayPort).toBe(6001);
  });

  it("lists localhost and this machine's IPv4 addresses on its networks as the addresses to open", () => {
    const info = (address: string, family: 'IPv4' | 'IPv6', internal = false) =>
      ({ address, family, internal, netmask: '', mac: '', cidr: null }) as never;
    expect(
      shopAddresses(4000, {
        lo: [info('127.0.0.1', 'IPv4', true), info('::1', 'IPv6', true)],
        wlan0: [info('192.168.1.20', 'IPv4'), info('fe80::1', 'IPv6'), info('169.254.3.4', 'IPv4')],
        eth0: [info('10.0.0.5', 'IPv4')],
      }),
    ).toEqual({
      local: 'http://localhost:4000',
      network: ['http://192.168.1.20:4000', 'http://10.0.0.5:4000'],
    });
  });

  it('refuses what does not parse, naming the variable, its value and what is accepted', () => {
    expect(() => readSettings(startSettings, { START_BUILD: 'maybe', SERVICE_PORT: '4001x' })).toThrow(
      /SERVICE_PORT="4001x": a port number[^\n]*\n {2}START_BUILD="maybe": true or false/,
    );
  });
});
