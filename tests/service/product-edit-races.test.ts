/**
 * An edit of a product's texts or price racing purchases of it: the edit writes only the fields
 * it changes, never the stock it read, so no reservation made meanwhile is undone (PostgreSQL
 * runs these transactions side by side; SQLite one after another).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestService } from './harness.ts';
import { addProduct, product, type Shopper, shopper, startShop } from './orders-fixture.ts';
import type { TestSession } from './session-fixture.ts';

const BUYERS = 20;
const EDITS = 10;
const START = 100;

let service: TestService;
let admin: TestSession;
let buyers: Shopper[];

beforeAll(async () => {
  ({ service, admin } = await startShop());
  buyers = await Promise.all(Array.from({ length: BUYERS }, () => shopper(service)));
});
afterAll(() => service.close());

it('keeps stock + sold = start when edits race purchases of the product', async () => {
  const id = await addProduct(service, { stock: START });
  const edit = async (i: number) => {
    const detail = await service.http.get(`/service/admin/product/${id}`).set(admin.headers);
    return service.http
      .put(`/service/admin/product/${id}`)
      .set(admin.headers)
      .send({ version: detail.body.data.version, nameEn: `Renamed ${i}` });
  };
  const order = (buyer: Shopper) =>
    service.http.post('/service/shop/order').set(buyer.headers).send({
      productId: id,
      quantity: 1,
      addressId: buyer.addressId,
      paymentMethod: 'lpay',
      requestId: randomUUID(),
    });
  const answers = await Promise.all([
    ...buyers.map(order),
    ...Array.from({ length: EDITS }, (_, i) => edit(i)),
  ]);
  const sold = answers.slice(0, BUYERS).filter((answer) => answer.body.success).length;
  const edited = answers.slice(BUYERS).filter((answer) => answer.body.success).length;
  expect(sold).toBe(BUYERS);
  expect(edited).toBeGreaterThan(0);
  const row = await product(service, id);
  expect(row.stock + sold).toBe(START);
  expect(row.sales).toBe(sold);
});
