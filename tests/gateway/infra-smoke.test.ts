import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayHarness, startGatewayHarness } from './harness.ts';
import { probeResolvers, probeTypeDefs } from './infra-probe.ts';

describe('gateway harness', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await startGatewayHarness({ typeDefs: probeTypeDefs, resolvers: probeResolvers });
  });
  afterAll(() => h.close());

  it('answers a query against the real service and counts upstream calls', async () => {
    const res = await h.gql('{ categories }');
    expect(res.status).toBe(200);
    expect(res.errors).toBeUndefined();
    expect(Array.isArray(res.data?.categories)).toBe(true);
    expect(res.upstreamCalls).toBe(1);
    expect(h.serviceCalls('GET /service/shop/category/list')).toBe(1);
  });
});
