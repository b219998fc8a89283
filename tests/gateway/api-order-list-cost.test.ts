// biome-ignore-all lint/suspicious/noExplicitAny: GraphQL answers are asserted field by field
/**
 * Bounded upstream work per operation: `Order.afterSales` is batched (one REST call
 * for a whole order list, counted at the transport), and the cost limit counts page sizes, so a
 * page of 999 orders with their after-sales is refused before any resolver runs.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { buildASTSchema, concatAST, type FragmentDefinitionNode, Kind, parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGatewayConfig } from '../../gateway/src/config.ts';
import { selectionCost } from '../../gateway/src/graphql/list-cost.ts';
import { typeDefs } from '../../gateway/src/graphql/schema.ts';
import { type CookieJar, type GatewayHarness, startGatewayHarness } from './harness.ts';

const LIST = `query($page: PageInput) { orders(page: $page) { total records {
  id status items { productId quantity product { id name } } afterSales { reviewStatus remark at } } } }`;

describe('order list: bounded upstream calls and a cost limit that counts page sizes', () => {
  let h: GatewayHarness;
  let buyer: CookieJar;
  let addressId: string;
  let productId: string;
  const gql = (query: string, variables?: Record<string, unknown>, jar = buyer) =>
    h.gql<any>(query, variables, { jar });
  const place = async () => {
    const res = await gql(
      'mutation($i: PlaceOrderInput!) { placeOrder(input: $i) { order { id } userErrors { code } } }',
      { i: { productId, quantity: 1, addressId, paymentMethod: 'LPAY', requestId: randomUUID() } },
    );
    expect(res.data.placeOrder.userErrors).toEqual([]);
    return res.data.placeOrder.order.id as string;
  };

  beforeAll(async () => {
    h = await startGatewayHarness({ serviceEnv: { ACCESS_TOKEN_TTL: '1h' } });
    buyer = h.jar();
    const registered = await h.gql(
      'mutation($i: RegisterInput!) { register(input: $i) { userErrors { code } } }',
      { i: { username: 'lister01', password: 'secret123', phone: '13955550001' } },
      { jar: buyer },
    );
    expect(registered.errors).toBeUndefined();
    const address = await gql(
      'mutation($i: CreateAddressInput!) { createAddress(input: $i) { address { id } } }',
      { i: { recipient: '李四', phone: '13955550001', city: '上海市 上海市', detail: '南京路 1 号' } },
    );
    addressId = address.data.createAddress.address.id;
    const products = await gql('{ products(page: { pageSize: 20 }) { records { id stock } } }');
    productId = products.data.products.records.find((p: any) => p.stock >= 30).id;
  });
  afterAll(() => h.close());

  it('costs the same number of REST calls for 1 and for 20 orders (after-sales in one batch)', async () => {
    const first = await place();
    h.resetServiceLog();
    const one = await gql(LIST, { page: { pageSize: 20 } });
    expect(one.errors).toBeUndefined();
    expect(one.data.orders.records.map((o: any) => o.id)).toEqual([first]);
    expect(one.data.orders.records[0].afterSales).toEqual([]);
    const callsForOne = one.upstreamCalls;
    expect(h.serviceCalls('GET /service/shop/order/after-sales')).toBe(1);

    for (let i = 0; i < 19; i++) await place();
    h.resetServiceLog();
    const twenty = await gql(LIST, { page: { pageSize: 20 } });
    expect(twenty.errors).toBeUndefined();
    expect(twenty.data.orders.records).toHaveLength(20);
    expect(twenty.upstreamCalls).toBe(callsForOne);
    // What reached the service, counted at its door: the page, one product batch, one after-sales batch.
    expect(h.serviceLog.filter((line) => !line.includes('refresh-token'))).toEqual(
      expect.arrayContaining([
        'GET /service/shop/order/page',
        'GET /service/shop/product/batch',
        'GET /service/shop/order/after-sales',
      ]),
    );
    expect(h.serviceCalls('GET /service/shop/order/after-sales')).toBe(1);
    expect(h.serviceLog.filter((line) => /\/shop\/order\/\d+\/after-sales$/.test(line))).toEqual([]);
  });

  it("the batch endpoint answers only the caller's orders (null for anyone else's)", async () => {
    const mine = await place();
    const other = h.jar();
    await h.gql(
      'mutation($i: LoginInput!) { login(input: $i) { userErrors { code } } }',
      {
        i: { account: 'demo', password: 'demo123' },
      },
      { jar: other },
    );
    const res = await gql('query($id: ID!) { order(id: $id) { id afterSales { at } } }', { id: mine }, other);
    expect(res.data?.order ?? null).toBeNull();
    const own = await gql('query($id: ID!) { order(id: $id) { id afterSales { at } } }', { id: mine });
    expect(own.data.order).toEqual({ id: mine, afterSales: [] });
  });

  it('refuses afterSales under pageSize 999 by cost before any resolver or upstream call', async () => {
    h.resetServiceLog();
    const literal = await gql(
      '{ orders(page: { pageSize: 999 }) { records { id afterSales { reviewStatus remark at } } } }',
    );
    expect(literal.status).toBe(400);
    expect(literal.errors?.[0].extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(literal.errors?.[0].message).toMatch(/too expensive/);
    expect(literal.data).toBeUndefined();
    expect(literal.upstreamCalls).toBe(0);
    const variable = await gql(LIST, { page: { pageSize: 999 } });
    expect(variable.status).toBe(400);
    expect(variable.upstreamCalls).toBe(0);
    expect(h.serviceLog).toEqual([]);
    // The same selection on a page of 20 is within the limit.
    const ok = await gql(LIST, { page: { pageSize: 20 } });
    expect(ok.status).toBe(200);
    expect(ok.errors).toBeUndefined();
  });

  it('every operation of the web app stays within the default cost limit', () => {
    const schema = buildASTSchema(concatAST(typeDefs.map((sdl) => parse(sdl))));
    const webRoot = path.resolve(import.meta.dirname, '../../web/src');
    const documents = fs
      .readdirSync(webRoot, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.graphql'))
      .map((file) => parse(fs.readFileSync(path.join(webRoot, file), 'utf8')));
    const all = concatAST(documents);
    const fragments = Object.fromEntries(
      all.definitions
        .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
        .map((d) => [d.name.value, d]),
    );
    const { maxCost } = loadGatewayConfig({ SESSION_SECRET: 'x', DATA_DIR: '/tmp' }).limits;
    const costs: Record<string, number> = {};
    for (const definition of all.definitions) {
      if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
      const root = definition.operation === 'mutation' ? schema.getMutationType()! : schema.getQueryType()!;
      costs[definition.name?.value ?? '?'] = selectionCost(
        definition.selectionSet,
        root as never,
        fragments,
        schema,
        {},
      );
    }
    expect(Object.keys(costs).length).toBeGreaterThan(20);
    expect(Object.entries(costs).filter(([, cost]) => cost > maxCost)).toEqual([]);
  });
});
