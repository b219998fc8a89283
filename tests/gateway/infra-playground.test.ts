/**
 * The offline playground: GET /graphql from a browser answers the GraphiQL page built by Vite
 * (built here if `npm run build` has not run yet); everything it references is served by the
 * gateway itself, and the CSP allows no other origin.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayHarness, startGatewayHarness } from './harness.ts';
import { probeResolvers, probeTypeDefs } from './infra-probe.ts';

const dist = path.resolve('playground/dist');

describe('offline GraphQL playground', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    if (!fs.existsSync(path.join(dist, 'index.html'))) {
      await build({ configFile: path.resolve('playground/vite.config.ts'), logLevel: 'error' });
    }
    h = await startGatewayHarness({ typeDefs: probeTypeDefs, resolvers: probeResolvers });
  }, 180_000);
  afterAll(() => h.close());

  it('serves GraphiQL at /graphql to a browser, with no external URL', async () => {
    const page = await h.http.get('/graphql').set('accept', 'text/html,application/xhtml+xml');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toContain('id="playground"');
    expect(page.text).not.toMatch(/(src|href)=["']?(https?:)?\/\//i);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/https?:|\*/);

    const refs = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(0);
    let bundle = '';
    for (const ref of refs) {
      expect(ref.startsWith('/__playground/')).toBe(true);
      const asset = await h.http.get(ref);
      expect(asset.status).toBe(200);
      if (ref.endsWith('.js')) bundle += asset.text;
    }
    // The default tab carries example operations (products, product, cart, login).
    const all =
      bundle +
      fs
        .readdirSync(path.join(dist, 'assets'))
        .map((f) => fs.readFileSync(path.join(dist, 'assets', f), 'utf8'))
        .join('');
    for (const name of ['query Products', 'query Product', 'query Cart', 'mutation Login'])
      expect(all).toContain(name);
    expect(all).not.toMatch(/cdn\.jsdelivr|unpkg\.com|esm\.sh|fonts\.googleapis|cdnjs/);
  });

  it('still answers GraphQL GET requests from programs at /graphql', async () => {
    const res = await h.http
      .get('/graphql')
      .query({ query: '{ ping }' })
      .set('accept', 'application/json')
      .set('apollo-require-preflight', 'true');
    expect(res.body.data).toEqual({ ping: 'pong' });
  });

  it('can be switched off by configuration', async () => {
    const off = await startGatewayHarness({
      typeDefs: probeTypeDefs,
      resolvers: probeResolvers,
      gatewayEnv: { GATEWAY_PLAYGROUND: 'false', GATEWAY_INTROSPECTION: 'false' },
    });
    try {
      const page = await off.http.get('/graphql').set('accept', 'text/html');
      expect(page.text).not.toContain('id="playground"');
      const res = await off.gql('{ __schema { queryType { name } } }');
      expect(res.errors?.[0].message).toMatch(/introspection/i);
    } finally {
      await off.close();
    }
  });
});
