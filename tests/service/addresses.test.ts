import type { RestAddress } from '@shop/common/rest/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ADDRESSES } from '../../service/src/modules/addresses/service.ts';
import { startTestService, type TestService } from './harness.ts';
import { createSession, type TestSession } from './session-fixture.ts';

type Address = RestAddress;

const sample = (n: number) => ({
  recipient: `收件人${n}`,
  phone: `1380000${String(n).padStart(4, '0')}`,
  city: '广东省 深圳市',
  detail: `南山区科技园 ${n} 号`,
});

describe('addresses', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(() => service.close());

  const list = async (session: TestSession) => {
    const res = await service.http.get('/service/shop/address/list').set(session.headers);
    expect(res.status).toBe(200);
    return res.body.data as Address[];
  };
  const create = (session: TestSession, body: object, locale = 'zh-CN') =>
    service.http.post('/service/shop/address').set(session.headers).set('Accept-Language', locale).send(body);
  const defaults = async (userId: number) =>
    service.ctx.db
      .selectFrom('addresses')
      .select('id')
      .where('user_id', '=', userId)
      .where('is_default', '=', 1)
      .execute();

  it('needs a signed-in user', async () => {
    expect((await service.http.get('/service/shop/address/list')).status).toBe(401);
    expect((await service.http.post('/service/shop/address').send(sample(1))).status).toBe(401);
  });

  it("creates with '保存成功!'; the first address becomes the default", async () => {
    const session = await createSession(service);
    expect(await list(session)).toEqual([]);
    const first = await create(session, { ...sample(1), recipient: '  张三  ' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, alterMsg: '保存成功!' });
    expect(first.body.data).toMatchObject({ recipient: '张三', phone: '13800000001', isDefault: true });
    const second = await create(session, sample(2), 'en-GB');
    expect(second.body.alterMsg).toBe('Save successfully!');
    expect(second.body.data.isDefault).toBe(false);
    const third = await create(session, { ...sample(3), isDefault: true });
    expect(third.body.data.isDefault).toBe(true);
    const all = await list(session);
    expect(all.map((a) => a.recipient)).toEqual(['收件人3', '张三', '收件人2']);
    expect(all.filter((a) => a.isDefault)).toHaveLength(1);
  });

  it('edits an address and can make it the default, never leaving two defaults', async () => {
    const session = await createSession(service);
    const a = (await create(session, sample(1))).body.data as Address;
    const b = (await create(session, sample(2))).body.data as Address;
    const edit = await service.http
      .put(`/service/shop/address/${b.id}`)
      .set(session.headers)
      .send({ ...sample(2), detail: '福田区 新地址 8 号', isDefault: true });
    expect(edit.body).toMatchObject({ success: true, alterMsg: '保存成功!' });
    expect(edit.body.data).toMatchObject({ id: b.id, detail: '福田区 新地址 8 号', isDefault: true });
    // Unsetting the default by editing is ignored: there is always exactly one default.
    await service.http
      .put(`/service/shop/address/${b.id}`)
      .set(session.headers)
      .send({ ...sample(2), isDefault: false });
    const all = await list(session);
    expect(all.map((x) => [x.id, x.isDefault])).toEqual([
      [b.id, true],
      [a.id, false],
    ]);
  });

  it('sets the default atomically, even under parallel requests', async () => {
    const session = await createSession(service);
    const ids: number[] = [];
    for (let i = 1; i <= 5; i += 1) ids.push((await create(session, sample(i))).body.data.id);
    const res = await service.http.put(`/service/shop/address/${ids[3]}/default`).set(session.headers);
    expect(res.body.success).toBe(true);
    expect(res.body.data[0]).toMatchObject({ id: ids[3], isDefault: true });
    const results = await Promise.all(
      ids.map((id) => service.http.put(`/service/shop/address/${id}/default`).set(session.headers)),
    );
    expect(results.every((r) => r.status === 200 && r.body.success)).toBe(true);
    expect(await defaults(session.userId)).toHaveLength(1);
    expect((await list(session)).filter((a) => a.isDefault)).toHaveLength(1);
  });

  it('deleting the default promotes another; deleting the last leaves none', async () => {
    const session = await createSession(service);
    const a = (await create(session, sample(1))).body.data as Address;
    const b = (await create(session, sample(2))).body.data as Address;
    const res = await service.http.delete(`/service/shop/address/${a.id}`).set(session.headers);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toEqual([{ ...b, isDefault: true }]);
    await service.http.delete(`/service/shop/address/${b.id}`).set(session.headers);
    expect(await list(session)).toEqual([]);
    const c = (await create(session, sample(3))).body.data as Address;
    expect(c.isDefault).toBe(true);
  });

  it('deleting a non-default address keeps the default', async () => {
    const session = await createSession(service);
    const a = (await create(session, sample(1))).body.data as Address;
    const b = (await create(session, sample(2))).body.data as Address;
    await service.http.delete(`/service/shop/address/${b.id}`).set(session.headers);
    expect(await list(session)).toEqual([a]);
  });

  it(`allows at most ${MAX_ADDRESSES} addresses per user`, async () => {
    const session = await createSession(service);
    for (let i = 1; i <= MAX_ADDRESSES; i += 1)
      expect((await create(session, sample(i))).body.success).toBe(true);
    const over = await create(session, sample(99));
    expect(over.status).toBe(200);
    expect(over.body).toMatchObject({ success: false, alterMsg: `最多只能保存 ${MAX_ADDRESSES} 个收货地址` });
    expect(await list(session)).toHaveLength(MAX_ADDRESSES);
  });

  it('validates required fields and the mobile number, storing nothing', async () => {
    const session = await createSession(service);
    const cases: Array<[object, string, string?]> = [
      [{ ...sample(1), recipient: undefined }, '收货人 不能为空'],
      [{ ...sample(1), recipient: '   ' }, '请输入内容'],
      [{ ...sample(1), phone: '' }, '手机号码 不能为空'],
      [{ ...sample(1), city: undefined }, '所在城市 不能为空'],
      [{ ...sample(1), detail: '' }, '详细地址 不能为空'],
      [{ ...sample(1), phone: '2380000000' }, '请输入正确的手机号码'],
      [{ ...sample(1), phone: '138000000001' }, '请输入正确的手机号码'],
      [{ ...sample(1), phone: '1380000abcd' }, '请输入正确的手机号码'],
      [{ ...sample(1), detail: 'x'.repeat(201) }, '详细地址 不能超过 200 个字符'],
      [{}, '收货人 不能为空'],
      [{ ...sample(1), city: undefined }, 'City cannot be empty', 'en-GB'],
    ];
    for (const [body, message, locale] of cases) {
      const res = await create(session, body, locale);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.alterMsg, JSON.stringify(body)).toBe(message);
    }
    expect(await list(session)).toEqual([]);
    const a = (await create(session, sample(1))).body.data as Address;
    const bad = await service.http
      .put(`/service/shop/address/${a.id}`)
      .set(session.headers)
      .send({ ...sample(1), phone: '123' });
    expect(bad.status).toBe(400);
    expect((await list(session))[0]).toEqual(a);
    expect(
      (await service.http.put('/service/shop/address/abc').set(session.headers).send(sample(1))).body
        .alterMsg,
    ).toBe('id缺失！');
  });

  it("refuses another user's address with 404 and changes nothing", async () => {
    const alice = await createSession(service);
    const bob = await createSession(service);
    const a = (await create(alice, sample(1))).body.data as Address;
    await create(bob, sample(2));
    const attempts = [
      service.http.put(`/service/shop/address/${a.id}`).set(bob.headers).send(sample(3)),
      service.http.put(`/service/shop/address/${a.id}/default`).set(bob.headers),
      service.http.delete(`/service/shop/address/${a.id}`).set(bob.headers),
    ];
    for (const res of await Promise.all(attempts)) expect(res.status).toBe(404);
    expect(await list(alice)).toEqual([a]);
    expect((await list(bob)).map((x) => x.recipient)).toEqual(['收件人2']);
    expect((await service.http.delete('/service/shop/address/999999').set(alice.headers)).status).toBe(404);
  });
});
