/**
 * Safelisted operations: in production only the operations of the registered manifests
 * run (the web app's generated one, plus a mobile build's), by hash alone or with their text;
 * anything else is a 400 OPERATION_NOT_SAFELISTED before it runs. Development keeps arbitrary
 * operations. Runs the real gateway and schema against the real service.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_MANIFEST, sha256 } from '../../scripts/operation-manifest.ts';
import { type GatewayHarness, startGatewayHarness } from './harness.ts';

const root = path.resolve(import.meta.dirname, '../..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, OPERATION_MANIFEST), 'utf8')) as {
  operations: Array<{ id: string; name: string; body: string }>;
};
const byName = (name: string) => manifest.operations.find((operation) => operation.name === name)!;
const ARBITRARY = '{ config { shopName } }';

describe('safelisted operations', () => {
  let production: GatewayHarness;
  let development: GatewayHarness;
  const mobileManifest = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mobile-')), 'operations.json');
  const MOBILE_QUERY = 'query MobileHome { config { shopName } }';

  beforeAll(async () => {
    fs.writeFileSync(
      mobileManifest,
      JSON.stringify({
        format: 'apollo-persisted-query-manifest',
        version: 1,
        operations: [{ id: sha256(MOBILE_QUERY), name: 'MobileHome', type: 'query', body: MOBILE_QUERY }],
      }),
    );
    production = await startGatewayHarness({
      gatewayEnv: { NODE_ENV: 'production', GATEWAY_OPERATION_MANIFESTS: mobileManifest },
    });
    development = await startGatewayHarness();
  });
  afterAll(async () => {
    await production.close();
    await development.close();
  });

  const post = (h: GatewayHarness, body: object) =>
    h.http.post('/graphql').set('content-type', 'application/json').send(body);

  it('production refuses an operation that is not safelisted, before it runs or calls upstream', async () => {
    production.resetServiceLog();
    const res = await post(production, { query: ARBITRARY });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe('OPERATION_NOT_SAFELISTED');
    expect(production.serviceLog).toEqual([]);
    // Registering it as an automatic persisted query does not help.
    const apq = await post(production, {
      query: ARBITRARY,
      extensions: { persistedQuery: { version: 1, sha256Hash: sha256(ARBITRARY) } },
    });
    expect(apq.status).toBe(400);
    expect(apq.body.errors[0].extensions.code).toBe('OPERATION_NOT_SAFELISTED');
  });

  it('production runs a web operation sent by hash only, and with its text', async () => {
    const home = byName('Shell');
    const byHash = await post(production, {
      operationName: home.name,
      extensions: { persistedQuery: { version: 1, sha256Hash: home.id } },
    });
    expect(byHash.status).toBe(200);
    expect(byHash.body.errors).toBeUndefined();
    expect(byHash.body.data).toBeTruthy();
    const withText = await post(production, { query: home.body, operationName: home.name });
    expect(withText.status).toBe(200);
    expect(withText.body.data).toEqual(byHash.body.data);
  });

  it("production runs a mobile build's own manifest (GATEWAY_OPERATION_MANIFESTS)", async () => {
    const res = await post(production, {
      extensions: { persistedQuery: { version: 1, sha256Hash: sha256(MOBILE_QUERY) } },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.config.shopName).toBeTruthy();
  });

  it('development accepts arbitrary operations and automatic persisted queries', async () => {
    const res = await post(development, { query: ARBITRARY });
    expect(res.status).toBe(200);
    expect(res.body.data.config.shopName).toBeTruthy();
    const miss = await post(development, {
      extensions: { persistedQuery: { version: 1, sha256Hash: sha256(`${ARBITRARY} `) } },
    });
    expect(miss.status).toBe(400);
    expect(miss.body.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
  });
});
