// biome-ignore-all lint/suspicious/noExplicitAny: GraphQL answers are asserted field by field
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CookieJar, type GatewayHarness, startGatewayHarness, stockedProductIds } from './harness.ts';

const ADDRESS = 'id recipient phone city detail isDefault';
const ORDER = `id orderNo status paymentStatus paymentMethod totalQuantity buyerAccount
  productAmount { fen amount } shippingFee { fen } payableAmount { fen amount currency } paidAmount { fen }
  address { recipient phone city detail } paymentDeadline createdAt paidAt shippedAt receivedAt cancelledAt
  cancelReason actions { canPay canCancel canReceive canRefund }
  refund { id reviewStatus reason remark amount { fen } origin }
  items { id productId name image quantity unitPrice { fen } amount { fen } product { id name } }`;

async function signIn(h: GatewayHarness, account: string, password: string): Promise<CookieJar> {
  const jar = h.jar();
  const res = await h.gql(
    'mutation($input: LoginInput!) { login(input: $input) { sessionToken } }',
    { input: { account, password } },
    { jar },
  );
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return jar;
}

describe('gateway API: addresses, orders, payments, refunds, ledger and back office', () => {
  let h: GatewayHarness;
  let buyer: CookieJar;
  let admin: CookieJar;
  let productIds: string[];
  let addressId: string;
  let orderId: string;

  const gql = <T = any>(query: string, variables?: Record<string, unknown>, jar = buyer) =>
    h.gql<T>(query, variables, { jar });

  beforeAll(async () => {
    h = await startGatewayHarness({ serviceEnv: { ACCESS_TOKEN_TTL: '1h' } });
    buyer = h.jar();
    const res = await h.gql(
      'mutation($input: RegisterInput!) { register(input: $input) { userId } }',
      { input: { username: 'orderer1', password: 'secret123', phone: '13622223333' } },
      { jar: buyer },
    );
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    admin = await signIn(h, 'admin', 'admin123');
    productIds = (await stockedProductIds(h, 10, 3)).map(String);
  });
  afterAll(() => h.close());

  it('creates, updates, re-defaults and deletes addresses', async () => {
    const create = `mutation($input: CreateAddressInput!) { createAddress(input: $input) {
      address { ${ADDRESS} } addresses { ${ADDRESS} } } }`;
    const home = { recipient: '张三', phone: '13622223333', city: '北京市 北京市', detail: '长安街 1 号' };
    const first = await gql(create, { input: { ...home, isDefault: true } });
    expect(first.errors).toBeUndefined();
    expect(first.extensions?.notices).toEqual([expect.objectContaining({ alterMsg: '保存成功!' })]);
    expect(first.data.createAddress.address).toMatchObject({ ...home, isDefault: true });
    const second = await gql(create, { input: { ...home, detail: '王府井 2 号' } });
    expect(second.data.createAddress.addresses).toHaveLength(2);
    const missing = await gql(create.replace('addresses {', 'userErrors { code field } addresses {'), {
      input: { ...home, recipient: ' ' },
    });
    expect(missing.errors).toBeUndefined();
    expect(missing.data.createAddress.address).toBeNull();
    expect(missing.data.createAddress.userErrors[0]).toMatchObject({ field: ['input', 'recipient'] });

    const secondId = second.data.createAddress.address.id;
    const updated = await gql(
      `mutation($input: UpdateAddressInput!) { updateAddress(input: $input) { address { ${ADDRESS} } } }`,
      { input: { id: secondId, ...home, detail: '王府井 3 号' } },
    );
    expect(updated.data.updateAddress.address.detail).toBe('王府井 3 号');

    const defaulted = await gql(
      `mutation($input: SetDefaultAddressInput!) { setDefaultAddress(input: $input) { addresses { ${ADDRESS} } } }`,
      { input: { id: secondId } },
    );
    expect(defaulted.errors).toBeUndefined();
    const defaults = defaulted.data.setDefaultAddress.addresses.filter((a: any) => a.isDefault);
    expect(defaults.map((a: any) => a.id)).toEqual([secondId]);

    const deleted = await gql(
      `mutation($input: DeleteAddressInput!) { deleteAddress(input: $input) { deletedId addresses { id } } }`,
      { input: { id: first.data.createAddress.address.id } },
    );
    expect(deleted.data.deleteAddress).toEqual({
      deletedId: first.data.createAddress.address.id,
      addresses: [{ id: secondId }],
    });
    const list = await gql(`{ addresses { ${ADDRESS} } }`);
    expect(list.data.addresses).toHaveLength(1);
    addressId = secondId;
  });

  it('previews and places an order from cart lines, idempotently per requestId', async () => {
    const add =
      'mutation($input: AddToCartInput!) { addToCart(input: $input) { cart { lines { id productId } } } }';
    await gql(add, { input: { productId: productIds[0], quantity: 2 } });
    const added = await gql(add, { input: { productId: productIds[1], quantity: 1 } });
    const lineIds = added.data.addToCart.cart.lines.map((line: any) => line.id);

    const preview = await gql(
      `query($input: OrderPreviewInput!) { orderPreview(input: $input) { totalQuantity allAvailable
        productAmount { fen } shippingFee { fen } payableAmount { fen } paymentMethods { code enabled }
        defaultAddress { id } items { productId cartLineId name quantity stock available unavailableReason
          unitPrice { fen } amount { fen } product { id } } } }`,
      { input: { cartLineIds: lineIds } },
    );
    expect(preview.errors).toBeUndefined();
    const p = preview.data.orderPreview;
    expect(p).toMatchObject({ totalQuantity: 3, allAvailable: true, defaultAddress: { id: addressId } });
    expect(p.items.every((item: any) => item.product.id === item.productId)).toBe(true);
    expect(p.paymentMethods.find((m: any) => m.code === 'LPAY').enabled).toBe(true);

    const requestId = randomUUID();
    const place = `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { order { ${ORDER} } cart { id lines { id } } } }`;
    const input = { cartLineIds: lineIds, addressId, paymentMethod: 'LPAY', requestId };
    const placed = await gql(place, { input });
    expect(placed.errors).toBeUndefined();
    const order = placed.data.placeOrder.order;
    expect(order).toMatchObject({
      status: 'PENDING',
      paymentStatus: 'PENDING',
      paymentMethod: 'LPAY',
      totalQuantity: 3,
      address: { detail: '王府井 3 号' },
      actions: { canPay: true, canCancel: true, canReceive: false, canRefund: false },
      refund: null,
    });
    expect(order.payableAmount.fen).toBe(p.payableAmount.fen);
    expect(order.items).toHaveLength(2);
    expect(placed.data.placeOrder.cart.lines).toEqual([]);
    const again = await gql(place, { input });
    expect(again.data.placeOrder.order.id).toBe(order.id);
    orderId = order.id;

    const list = await gql(`{ orders(status: PENDING) { total pageNum pageSize records { id status } } }`);
    expect(list.data.orders.records.map((o: any) => o.id)).toContain(orderId);
    const detail = await gql(`query($id: ID!) { order(id: $id) { ${ORDER} afterSales { reviewStatus } } }`, {
      id: orderId,
    });
    expect(detail.errors).toBeUndefined();
    expect(detail.data.order).toMatchObject({ id: orderId, orderNo: order.orderNo, afterSales: [] });
  });

  it('starts a payment, pays on the provider page and shows the payment result', async () => {
    const start = `mutation($input: StartPaymentInput!) { startPayment(input: $input) {
      payUrl expiresAt amount { fen } order { id status } userErrors { code field } } }`;
    const refused = await gql(start, { input: { orderId, method: 'STRIPE' } });
    expect(refused.errors).toBeUndefined();
    expect(refused.data.startPayment).toMatchObject({ payUrl: null, order: null });
    expect(refused.data.startPayment.userErrors).toHaveLength(1);
    const started = await gql(start, { input: { orderId, method: 'LPAY' } });
    expect(started.errors).toBeUndefined();
    const { payUrl, expiresAt } = started.data.startPayment;
    expect(payUrl).toMatch(/\/service\/pay\/lpay\/checkout\//);
    expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now());
    const pending = await gql(
      `query($id: ID!) { paymentResult(orderId: $id) { orderStatus paymentStatus } }`,
      {
        id: orderId,
      },
    );
    expect(pending.data.paymentResult).toEqual({ orderStatus: 'PENDING', paymentStatus: 'PENDING' });

    const confirm = await h.service.http
      .post(`${new URL(payUrl).pathname}/confirm`)
      .type('form')
      .send('');
    expect(confirm.status).toBe(303);
    const result = await gql(
      `query($id: ID!) { paymentResult(orderId: $id) { orderId orderNo orderStatus paymentStatus
        payableAmount { fen } paidAmount { fen amount } paidAt order { id status actions { canRefund } } } }`,
      { id: orderId },
    );
    expect(result.errors).toBeUndefined();
    const paid = result.data.paymentResult;
    expect(paid).toMatchObject({
      orderId,
      orderStatus: 'PAID',
      paymentStatus: 'PAID',
      order: { status: 'PAID' },
    });
    expect(paid.paidAmount.fen).toBe(paid.payableAmount.fen);
    expect(paid.paidAt).toBeTruthy();
  });

  it('lets the admin ship, the shopper confirm receipt, apply for a refund and the admin approve it', async () => {
    const forbidden = await gql('{ adminOrders { total } }');
    expect(forbidden.errors?.[0].extensions).toMatchObject({ code: 'FORBIDDEN', alterMsg: '无访问权限' });

    const toShip = await gql(
      `{ adminOrders(status: PAID) { total records { id status buyerAccount actions { canShip } items { product { id } } } } }`,
      undefined,
      admin,
    );
    expect(toShip.errors).toBeUndefined();
    const mine = toShip.data.adminOrders.records.find((o: any) => o.id === orderId);
    expect(mine).toMatchObject({ status: 'PAID', buyerAccount: 'orderer1', actions: { canShip: true } });
    const couriers = await gql(`{ dictionary(key: "courier") { value label } }`);
    expect(couriers.data.dictionary).toContainEqual({ value: 'SF', label: '顺丰速运' });
    const shipMutation = `mutation($input: ShipOrderInput!) { shipOrder(input: $input) {
      order { id status shippedAt actions { canShip } shipment { courierCode courierName waybillNo } }
      userErrors { code field message } } }`;
    // Both are required: an input without them (as clients built before them send) is refused.
    const bare = await gql(shipMutation, { input: { orderId } }, admin);
    expect(bare.data.shipOrder.order).toBeNull();
    expect(bare.data.shipOrder.userErrors).toContainEqual({
      code: 'VALIDATION_REQUIRED',
      field: ['input', 'courier'],
      message: '快递公司 不能为空',
    });
    const unknown = await gql(
      shipMutation,
      { input: { orderId, courier: 'ACME', waybillNo: 'SF1234567890' } },
      admin,
    );
    expect(unknown.data.shipOrder).toMatchObject({
      order: null,
      userErrors: [{ code: 'ADMIN_COURIER_UNKNOWN', field: ['input', 'courier'] }],
    });
    const badWaybill = await gql(
      shipMutation,
      { input: { orderId, courier: 'SF', waybillNo: 'SF-1' } },
      admin,
    );
    expect(badWaybill.data.shipOrder.userErrors).toEqual([
      {
        code: 'SHIPPING_INVALID_WAYBILL',
        field: ['input', 'waybillNo'],
        message: '运单号 须为 6-32 位字母或数字',
      },
    ]);
    const shipped = await gql(
      shipMutation,
      { input: { orderId, courier: 'SF', waybillNo: ' SF1234567890 ' } },
      admin,
    );
    expect(shipped.errors).toBeUndefined();
    expect(shipped.data.shipOrder.order).toMatchObject({
      id: orderId,
      status: 'RECEIVED',
      actions: { canShip: false },
      shipment: { courierCode: 'SF', courierName: '顺丰速运', waybillNo: 'SF1234567890' },
    });
    const seen = await gql(`query($id: ID!) { order(id: $id) { shipment { courierName waybillNo } } }`, {
      id: orderId,
    });
    expect(seen.data.order.shipment).toEqual({ courierName: '顺丰速运', waybillNo: 'SF1234567890' });
    const twice = await gql(
      `mutation($input: ShipOrderInput!) { shipOrder(input: $input) { order { id } userErrors { code field } } }`,
      { input: { orderId, courier: 'SF', waybillNo: 'SF1234567890' } },
      admin,
    );
    expect(twice.data.shipOrder).toEqual({
      order: null,
      userErrors: [{ code: expect.any(String), field: null }],
    });

    const received = await gql(
      `mutation($input: ConfirmReceiptInput!) { confirmReceipt(input: $input) { order { id status receivedAt } } }`,
      { input: { orderId } },
    );
    expect(received.data.confirmReceipt.order).toMatchObject({ status: 'COMPLETE' });

    const applied = await gql(
      `mutation($input: ApplyRefundInput!) { applyRefund(input: $input) {
        order { id refund { id reviewStatus reason } actions { canRefund } } afterSales { reviewStatus remark at } } }`,
      { input: { orderId, reason: '不想要了' } },
    );
    expect(applied.errors).toBeUndefined();
    expect(applied.data.applyRefund.order.refund).toMatchObject({
      reviewStatus: 'PENDING',
      reason: '不想要了',
    });
    expect(applied.data.applyRefund.afterSales[0]).toMatchObject({ reviewStatus: 'PENDING' });

    const refunds = await gql(
      `{ adminRefunds(reviewStatus: PENDING) { total records { id orderId orderNo account reason amount { fen }
        reviewStatus orderStatus paymentStatus origin createdAt reviewedAt } } }`,
      undefined,
      admin,
    );
    expect(refunds.errors).toBeUndefined();
    const refund = refunds.data.adminRefunds.records.find((r: any) => r.orderId === orderId);
    expect(refund).toMatchObject({ account: 'orderer1', reviewStatus: 'PENDING', orderStatus: 'COMPLETE' });
    const reviewed = await gql(
      `mutation($input: ReviewRefundInput!) { reviewRefund(input: $input) { refund { id reviewStatus remark reviewedAt } } }`,
      { input: { refundId: refund.id, approve: true, remark: '同意' } },
      admin,
    );
    expect(reviewed.errors).toBeUndefined();
    expect(reviewed.data.reviewRefund.refund).toMatchObject({ id: refund.id, reviewStatus: 'PASSED' });

    const after = await gql(
      `query($id: ID!) { afterSales(orderId: $id) { reviewStatus remark }
      order(id: $id) { paymentStatus refund { reviewStatus } } }`,
      { id: orderId },
    );
    expect(after.data.afterSales.map((step: any) => step.reviewStatus)).toEqual(['PENDING', 'PASSED']);
    expect(after.data.order).toMatchObject({ paymentStatus: 'REFUND', refund: { reviewStatus: 'PASSED' } });

    const detailQuery = `query($id: ID!) { adminOrder(id: $id) {
      order { id status paymentStatus buyerAccount items { name quantity } address { recipient city } }
      buyer { account name phone }
      payments { method amount { fen } status paidAt }
      refunds { id reviewStatus remark account }
      refundSteps { reviewStatus remark } } }`;
    const refused = await gql(detailQuery, { id: orderId });
    expect(refused.errors?.[0].extensions).toMatchObject({ code: 'FORBIDDEN', alterMsg: '无访问权限' });
    const detail = await gql(detailQuery, { id: orderId }, admin);
    expect(detail.errors).toBeUndefined();
    const { order, buyer, payments, refunds: history, refundSteps } = detail.data.adminOrder;
    expect(order).toMatchObject({
      id: orderId,
      status: 'COMPLETE',
      paymentStatus: 'REFUND',
      buyerAccount: 'orderer1',
    });
    expect(order.items.length).toBeGreaterThan(0);
    expect(buyer.account).toBe('orderer1');
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ method: 'LPAY', status: 'REFUND' });
    expect(history).toEqual([{ id: refund.id, reviewStatus: 'PASSED', remark: '同意', account: 'orderer1' }]);
    expect(refundSteps.map((step: any) => [step.reviewStatus, step.remark])).toEqual([
      ['PENDING', '不想要了'],
      ['PASSED', '同意'],
    ]);
    const missing = await gql(detailQuery, { id: '999999' }, admin);
    expect(missing.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });

  it('shows the ledger of payments and refunds', async () => {
    const res = await gql(`{ bills { total records { id direction amount { fen } type orderId orderNo at } }
      incomes: bills(direction: INCOME) { total records { direction } } }`);
    expect(res.errors).toBeUndefined();
    const directions = res.data.bills.records.map((entry: any) => entry.direction).sort();
    expect(directions).toEqual(['EXPENSE', 'INCOME']);
    expect(res.data.bills.records.every((entry: any) => entry.orderId === orderId)).toBe(true);
    expect(res.data.incomes).toEqual({ total: 1, records: [{ direction: 'INCOME' }] });
  });

  it('buys a product directly and cancels the pending order once', async () => {
    const placed = await gql(
      `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { order { id status items { productId quantity } } } }`,
      {
        input: {
          productId: productIds[2],
          quantity: 2,
          addressId,
          paymentMethod: 'LPAY',
          requestId: randomUUID(),
        },
      },
    );
    expect(placed.errors).toBeUndefined();
    const id = placed.data.placeOrder.order.id;
    expect(placed.data.placeOrder.order.items).toEqual([{ productId: productIds[2], quantity: 2 }]);
    const cancel = `mutation($input: CancelOrderInput!) { cancelOrder(input: $input) { order { id status cancelledAt } } }`;
    const cancelled = await gql(cancel, { input: { orderId: id } });
    expect(cancelled.errors).toBeUndefined();
    expect(cancelled.data.cancelOrder.order).toMatchObject({ id, status: 'CANCEL' });
    const again = await gql(cancel.replace('} } }', '} userErrors { code field } } }'), {
      input: { orderId: id },
    });
    expect(again.errors).toBeUndefined();
    expect(again.data.cancelOrder).toEqual({
      order: null,
      userErrors: [{ code: 'ORDER_STATUS_NOT_ALLOWED', field: null }],
    });
    const list = await gql(`{ orders(status: CANCEL) { records { id } } }`);
    expect(list.data.orders.records.map((o: any) => o.id)).toContain(id);
  });

  it('resolves the products of an order list in one batch whatever the number of orders', async () => {
    h.resetServiceLog();
    const res = await gql(
      `{ orders(page: { pageSize: 50 }) { total records { id items { product { id name } } } } }`,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.orders.total).toBe(2);
    expect(h.serviceCalls('GET /service/shop/product/batch')).toBe(1);
    expect(res.upstreamCalls).toBe(2);
  });
});
