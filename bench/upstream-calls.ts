/**
 * Bench section 2: REST calls the gateway makes per operation (counted by the gateway,
 * `extensions.upstreamCalls`, and checked at the service), for the web app's own documents:
 * the home page, the cart with 1/10/50 lines and the order list with 1/20 orders, as their
 * manifest entries (what the web app registers: client-only directives such as `@unmask` are
 * left out). Runs the real
 * gateway and service in-process on a temporary SQLite database (the gateway test harness).
 */
import { randomUUID } from 'node:crypto';
import {
  type CookieJar,
  type GatewayHarness,
  startGatewayHarness,
  stockedProductIds,
} from '../tests/gateway/harness.ts';
import { document } from '../tests/gateway/manifest-operations.ts';
import { insertDefaultAddress, table } from './lib.ts';

interface Shopper {
  jar: CookieJar;
  userId: number;
  accessToken: string;
  addressId: number;
}

let counter = 0;
async function shopper(h: GatewayHarness): Promise<Shopper> {
  counter += 1;
  const suffix = String(counter).padStart(4, '0');
  const username = `bench${suffix}`;
  const jar = h.jar();
  const res = await h.gql<{ register: { userId: string } }>(
    'mutation($input: RegisterInput!) { register(input: $input) { userId } }',
    { input: { username, password: 'secret123', phone: `1372222${suffix}` } },
    { jar },
  );
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  const userId = Number(res.data!.register.userId);
  const login = await h.service.http
    .post('/service/shop/shop-user/login')
    .send({ account: username, password: 'secret123' });
  const address = await insertDefaultAddress(h.service.ctx, userId);
  return { jar, userId, accessToken: login.body.data.accessToken, addressId: address.id };
}

export async function benchUpstreamCalls(): Promise<Array<[string, number, number]>> {
  const h = await startGatewayHarness({ serviceEnv: { ACCESS_TOKEN_TTL: '1h' } });
  try {
    const products = (await stockedProductIds(h, 20, 50)).map((id) => ({ id }));
    const rows: Array<[string, number, number]> = [];
    // An unused variable differs per call, so the response cache never answers it.
    const measure = async (
      name: string,
      document: string,
      variables: Record<string, unknown>,
      jar?: CookieJar,
    ) => {
      h.resetServiceLog();
      const res = await h.gql(document, { ...variables, nonce: randomUUID() }, jar ? { jar } : {});
      if (res.errors) throw new Error(`${name}: ${JSON.stringify(res.errors)}`);
      rows.push([name, res.upstreamCalls ?? Number.NaN, h.serviceLog.length]);
    };

    await measure('home page (HomePage)', document('HomePage'), {
      hotPage: { pageSize: 8 },
      newPage: { pageSize: 8 },
    });
    const now = new Date().toISOString();
    for (const lines of [1, 10, 50]) {
      if (products.length < lines) throw new Error(`only ${products.length} products for ${lines} lines`);
      const buyer = await shopper(h);
      await h.service.ctx.db
        .insertInto('cart_lines')
        .values(
          products.slice(0, lines).map((p) => ({
            user_id: buyer.userId,
            product_id: p.id,
            quantity: 1,
            selected: 1,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
      await measure(`cart of ${lines} line(s) (CartPage)`, document('CartPage'), {}, buyer.jar);
    }
    for (const orders of [1, 20]) {
      const buyer = await shopper(h);
      for (let i = 0; i < orders; i += 1) {
        const placed = await h.service.http
          .post('/service/shop/order')
          .set('authorization', `Bearer ${buyer.accessToken}`)
          .send({
            productId: products[i % products.length].id,
            quantity: 1,
            addressId: buyer.addressId,
            paymentMethod: 'lpay',
            requestId: randomUUID(),
          });
        if (placed.body.success !== true) throw new Error(`order: ${JSON.stringify(placed.body)}`);
      }
      await measure(
        `order list of ${orders} order(s) (OrdersPanel)`,
        document('OrdersPanel'),
        { page: { pageNum: 1, pageSize: 20 } },
        buyer.jar,
      );
    }
    console.log("\n## 2. Upstream REST calls per operation (the web app's documents)\n");
    table(['operation', 'upstream calls', 'reached the service'], rows);
    return rows;
  } finally {
    await h.close();
  }
}
