import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from './harness.ts';
import { addProduct, orderInStatus, type Shopper, startShop } from './orders-fixture.ts';
import type { TestSession } from './session-fixture.ts';

describe('shipping with a courier and a waybill number', () => {
  let service: TestService, buyer: Shopper, admin: TestSession;
  beforeAll(async () => ({ service, buyer, admin } = await startShop()));
  afterAll(() => service.close());

  const ship = (orderId: number, body: Record<string, unknown>, language = 'zh-CN') =>
    service.http
      .post(`/service/admin/order/${orderId}/ship`)
      .set(admin.headers)
      .set('Accept-Language', language)
      .send(body);

  /** What the order row holds: nothing of a refused shipment may be stored. */
  const stored = (orderId: number) =>
    service.ctx.db
      .selectFrom('orders')
      .select(['status', 'shipped_at', 'courier_code', 'waybill_no'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();

  it('stores both with the move to shipped and shows them to the shopper and the back office', async () => {
    const orderId = await orderInStatus(service, buyer, admin, 1, await addProduct(service));
    const res = await ship(orderId, { courier: 'ZTO', waybillNo: '  ZT7788990011  ' });
    expect(res.body).toMatchObject({
      success: true,
      alterMsg: '发货成功',
      data: {
        status: 2,
        shipment: { courierCode: 'ZTO', courierName: '中通快递', waybillNo: 'ZT7788990011' },
      },
    });
    expect(await stored(orderId)).toMatchObject({
      status: 2,
      courier_code: 'ZTO',
      waybill_no: 'ZT7788990011',
    });

    const mine = await service.http
      .get(`/service/shop/order/${orderId}`)
      .set(buyer.headers)
      .set('Accept-Language', 'en-GB');
    expect(mine.body.data.shipment).toEqual({
      courierCode: 'ZTO',
      courierName: 'ZTO Express',
      waybillNo: 'ZT7788990011',
    });
    const list = await service.http.get('/service/shop/order/page?pageSize=999').set(buyer.headers);
    const record = list.body.data.records.find((order: { id: number }) => order.id === orderId);
    expect(record.shipment).toMatchObject({ courierName: '中通快递', waybillNo: 'ZT7788990011' });
    const back = await service.http.get(`/service/admin/order/${orderId}`).set(admin.headers);
    expect(back.body.data.order.shipment).toMatchObject({ courierCode: 'ZTO', waybillNo: 'ZT7788990011' });
  });

  it('an order not shipped yet has no shipment', async () => {
    const orderId = await orderInStatus(service, buyer, admin, 1, await addProduct(service));
    const mine = await service.http.get(`/service/shop/order/${orderId}`).set(buyer.headers);
    expect(mine.body.data).toMatchObject({ status: 1, shipment: null });
  });

  it.each([
    ['no courier', { waybillNo: 'SF1234567890' }, 400, 'validation.required', 'courier', '快递公司 不能为空'],
    [
      'an empty courier',
      { courier: '', waybillNo: 'SF1234567890' },
      400,
      'validation.required',
      'courier',
      '快递公司 不能为空',
    ],
    [
      'a courier not on the list',
      { courier: 'ACME', waybillNo: 'SF1234567890' },
      400,
      'admin.courierUnknown',
      'courier',
      '请从列表中选择快递公司',
    ],
    ['no waybill number', { courier: 'SF' }, 400, 'validation.required', 'waybillNo', '运单号 不能为空'],
    [
      'a waybill number of spaces',
      { courier: 'SF', waybillNo: '   ' },
      400,
      'validation.enterContent',
      'waybillNo',
      '请输入内容',
    ],
    [
      'a waybill number too short',
      { courier: 'SF', waybillNo: 'SF123' },
      400,
      'shipping.invalidWaybill',
      'waybillNo',
      '运单号 须为 6-32 位字母或数字',
    ],
    [
      'a waybill number with other characters',
      { courier: 'SF', waybillNo: 'SF-12345678' },
      400,
      'shipping.invalidWaybill',
      'waybillNo',
      '运单号 须为 6-32 位字母或数字',
    ],
    [
      'a waybill number too long',
      { courier: 'SF', waybillNo: 'A'.repeat(33) },
      400,
      'validation.tooLong',
      'waybillNo',
      '运单号 不能超过 32 个字符',
    ],
  ])(
    'refuses %s with a typed code on its field, and stores nothing',
    async (_case, body, status, code, field, text) => {
      const orderId = await orderInStatus(service, buyer, admin, 1, await addProduct(service));
      const res = await ship(orderId, body);
      expect(res.status).toBe(status);
      expect(res.body).toMatchObject({ success: false, message: code, alterMsg: text });
      expect(res.body.data.fields).toMatchObject({ [field]: code });
      expect(await stored(orderId)).toEqual({
        status: 1,
        shipped_at: null,
        courier_code: null,
        waybill_no: null,
      });
    },
  );

  it('refuses in English too', async () => {
    const orderId = await orderInStatus(service, buyer, admin, 1, await addProduct(service));
    const unknown = await ship(orderId, { courier: 'ACME', waybillNo: 'SF1234567890' }, 'en-GB');
    expect(unknown.body.alterMsg).toBe('Please choose a courier from the list');
    const bad = await ship(orderId, { courier: 'SF', waybillNo: 'SF-1' }, 'en-GB');
    expect(bad.body.alterMsg).toBe('Waybill number must be 6-32 letters or digits');
  });
});
