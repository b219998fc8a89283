import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, newShopper, startTestService, type TestService } from './harness.ts';

const REGISTER = '/service/shop/shop-user/register';
const LOGIN = '/service/shop/shop-user/login';
const DETAIL = '/service/shop/shop-user/detail';
const PROFILE = '/service/shop/shop-user/';

let counter = 0;
/** A unique, valid registration body. */
function registration(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const suffix = `${process.pid % 100}${counter}`.padStart(6, '0').slice(-6);
  return { username: `acct_${suffix}`, password: 'pass123', phone: `13700${suffix}`, ...overrides };
}

describe('accounts: register, login, detail, profile', () => {
  let service: TestService;
  const userCount = async () => {
    const row = await service.ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(() => service.close());

  it('registers a shopper with a hashed password and the documented toast', async () => {
    const body = registration();
    const res = await service.http.post(REGISTER).send(body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'account.registered',
      alterMsg: '注册成功!',
      type: 1,
    });
    expect(res.body.data).toEqual({ id: expect.any(Number) });
    const row = await service.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', res.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      username: body.username,
      phone: body.phone,
      is_real: 0,
      default_password: 0,
    });
    expect(row.password_hash).toMatch(/^\$scrypt\$ln=\d+,r=8,p=1\$[\w-]+\$[\w-]+$/);
    expect(row.password_hash).not.toContain(body.password);

    const en = await service.http.post(REGISTER).set('Accept-Language', 'en-GB').send(registration());
    expect(en.body.alterMsg).toBe('Registered successfully!');
  });

  it.each([
    [{ password: 'pass123', phone: '13711110000' }, '用户名 不能为空', 'User name cannot be empty'],
    [{ username: 'someone', phone: '13711110000' }, '密码 不能为空', 'Password cannot be empty'],
    [{ username: 'someone', password: 'pass123' }, '手机号码 不能为空', 'Phone number cannot be empty'],
    [
      { username: 'someone', password: '', phone: '13711110000' },
      '密码 不能为空',
      'Password cannot be empty',
    ],
  ])('requires every registration field (%j)', async (body, zh, en) => {
    const before = await userCount();
    const res = await service.http.post(REGISTER).send(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, alterMsg: zh, message: 'validation.required', type: 2 });
    const english = await service.http.post(REGISTER).set('Accept-Language', 'en-GB').send(body);
    expect(english.body.alterMsg).toBe(en);
    expect(await userCount()).toBe(before);
  });

  it.each([
    [{ username: '   ' }, '请输入内容'],
    [{ username: 'a' }, '用户名为2-20位字母、数字、下划线或汉字，且不能为纯数字'],
    [{ username: 'bad name!' }, '用户名为2-20位字母、数字、下划线或汉字，且不能为纯数字'],
    [{ username: '13912345678' }, '用户名为2-20位字母、数字、下划线或汉字，且不能为纯数字'],
    [{ username: 'x'.repeat(21) }, '用户名 不能超过 20 个字符'],
    [{ password: 'ab1' }, '密码为6-20位字母、数字或 ! . _ - 组成'],
    [{ password: 'abc 123' }, '密码为6-20位字母、数字或 ! . _ - 组成'],
    [{ password: 'abc123中文' }, '密码为6-20位字母、数字或 ! . _ - 组成'],
    [{ password: 'abcdefgh' }, '密码必须同时包含字母和数字'],
    [{ password: '12345678' }, '密码必须同时包含字母和数字'],
    [{ password: 'a1'.repeat(11) }, '密码 不能超过 20 个字符'],
    [{ phone: '12345' }, '请输入正确的手机号码'],
    [{ phone: '23800000000' }, '请输入正确的手机号码'],
    [{ phone: '1380000000a' }, '请输入正确的手机号码'],
  ])('refuses malformed registration values (%j)', async (override, message) => {
    const before = await userCount();
    const res = await service.http.post(REGISTER).send(registration(override));
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.alterMsg).toBe(message);
    expect(await userCount()).toBe(before);
  });

  it('accepts Chinese user names and the password punctuation ! . _ -', async () => {
    const res = await service.http
      .post(REGISTER)
      .send(registration({ username: `张三${counter}`, password: 'a!b.c_d-1' }));
    expect(res.body.success).toBe(true);
    const tokens = await login(service, `张三${counter - 1}`, 'a!b.c_d-1');
    expect(tokens.accessToken).toBeTruthy();
  });

  it.each([
    [{ username: 123 }, '用户名 格式不正确'],
    [{ password: true }, '密码 格式不正确'],
    [{ phone: 13700000000 }, '手机号码 格式不正确'],
    [{ username: ['a', 'b'] }, '用户名 格式不正确'],
    [{ username: { $ne: null } }, '用户名 格式不正确'],
    [{ isAdmin: true }, '不支持的字段：isAdmin'],
    [{ username: 'z'.repeat(50_000) }, '用户名 不能超过 20 个字符'],
  ])(
    'answers wrong types, unknown fields and huge strings with a 400 envelope (%#)',
    async (override, message) => {
      const before = await userCount();
      const res = await service.http.post(REGISTER).send(registration(override));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        success: false,
        data: { fields: expect.any(Object) },
        alterMsg: message,
      });
      expect(await userCount()).toBe(before);
    },
  );

  it('answers a non-object body with a 400 envelope', async () => {
    for (const body of [[1, 2], 'text', null]) {
      const res = await service.http
        .post(REGISTER)
        .set('Content-Type', 'application/json')
        .send(JSON.stringify(body));
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
      expect(typeof res.body.alterMsg).toBe('string');
    }
  });

  it('refuses a taken user name (any case) or phone with a clear message, storing nothing', async () => {
    const before = await userCount();
    const name = await service.http.post(REGISTER).send(registration({ username: 'DEMO' }));
    expect(name.status).toBe(200);
    expect(name.body).toMatchObject({
      success: false,
      message: 'account.usernameTaken',
      alterMsg: '该用户名已被注册',
    });
    const phone = await service.http.post(REGISTER).send(registration({ phone: '13800000000' }));
    expect(phone.body).toMatchObject({ success: false, alterMsg: '该手机号码已被注册' });
    const en = await service.http
      .post(REGISTER)
      .set('Accept-Language', 'en-GB')
      .send(registration({ phone: '13800000000' }));
    expect(en.body.alterMsg).toBe('This phone number is already registered');
    expect(await userCount()).toBe(before);
  });

  it('registers only one of two parallel registrations of the same name', async () => {
    const body = registration();
    const results = await Promise.all([
      service.http.post(REGISTER).send(body),
      service.http.post(REGISTER).send({ ...body, phone: '13611112222' }),
    ]);
    expect(results.filter((r) => r.body.success)).toHaveLength(1);
    const rows = await service.ctx.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', body.username)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('logs in by user name or phone, trimmed, and answers the token triple', async () => {
    const byName = await service.http.post(LOGIN).send({ account: '  demo ', password: 'demo123' });
    expect(byName.status).toBe(200);
    expect(byName.body.success).toBe(true);
    expect(Object.keys(byName.body.data).sort()).toEqual(['accessToken', 'defaultPassword', 'refreshToken']);
    expect(byName.body.data.defaultPassword).toBe(false);
    const byPhone = await service.http.post(LOGIN).send({ account: ' 13800000000', password: 'demo123' });
    expect(byPhone.body.success).toBe(true);
    const upper = await service.http.post(LOGIN).send({ account: 'Demo', password: 'demo123' });
    expect(upper.body.success).toBe(true);
    const admin = await login(service, 'admin', 'admin123');
    expect(admin.defaultPassword).toBe(true);
  });

  it('gives the same answer for an unknown account and a wrong password', async () => {
    const wrong = await service.http.post(LOGIN).send({ account: 'demo', password: 'nope1234' });
    const unknown = await service.http.post(LOGIN).send({ account: 'nobody_here', password: 'nope1234' });
    expect(wrong.status).toBe(200);
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body).toEqual({
      success: false,
      data: null,
      message: 'account.badCredentials',
      alterMsg: '账号或密码错误',
      type: 2,
    });
  });

  it.each([
    [{ password: 'demo123' }, '账号 不能为空'],
    [{ account: '   ', password: 'demo123' }, '请输入内容'],
    [{ account: 'demo' }, '密码 不能为空'],
    [{ account: 'demo', password: 123456 }, '密码 格式不正确'],
    [{ account: 'demo', password: 'demo123', remember: true }, '不支持的字段：remember'],
    [{ account: 'd'.repeat(51), password: 'demo123' }, '账号 不能超过 50 个字符'],
  ])('validates the login body (%j)', async (body, message) => {
    const res = await service.http.post(LOGIN).send(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, alterMsg: message });
  });

  it('answers the detail of the caller; isAdmin only for admin', async () => {
    const demo = await login(service, 'demo', 'demo123');
    const res = await service.http.get(DETAIL).set(bearer(demo));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: expect.any(Number),
      account: 'demo',
      name: '演示用户',
      avatar: '',
      phone: '13800000000',
      gender: '',
      isReal: false,
      isAdmin: false,
      cartQuantity: 0,
      defaultPassword: false,
    });
    const admin = await login(service, 'admin', 'admin123');
    const adminDetail = await service.http.get(DETAIL).set(bearer(admin));
    expect(adminDetail.body.data).toMatchObject({ account: 'admin', isAdmin: true, defaultPassword: true });
    expect((await service.http.get(DETAIL)).status).toBe(401);
  });

  it('updates the profile with the saved toast', async () => {
    const shopper = await newShopper(service);
    const res = await service.http.put(PROFILE).set(bearer(shopper)).send({
      name: ' 小明 ',
      gender: 'female',
      phone: '13622223333',
      avatar: '',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'common.saved', alterMsg: '保存成功!' });
    expect(res.body.data).toMatchObject({
      name: '小明',
      gender: 'female',
      phone: '13622223333',
      avatar: '',
      account: shopper.username,
    });
    const detail = await service.http.get(DETAIL).set(bearer(shopper));
    expect(detail.body.data.phone).toBe('13622223333');
    const partial = await service.http.put(PROFILE).set(bearer(shopper)).send({ gender: 'male' });
    expect(partial.body.data).toMatchObject({ name: '小明', gender: 'male' });
  });

  it.each([
    [{ gender: 'other' }, '性别只能是男或女'],
    [{ phone: '123' }, '请输入正确的手机号码'],
    [{ name: '   ' }, '请输入内容'],
    [{ name: 'n'.repeat(21) }, '昵称 不能超过 20 个字符'],
    [{ avatar: 'javascript:alert(1)' }, '头像地址不正确'],
    [{ avatar: 42 }, '头像 格式不正确'],
    [{ username: 'renamed' }, '不支持的字段：username'],
    [{ isReal: 1 }, '不支持的字段：isReal'],
  ])('refuses bad profile input and changes nothing (%j)', async (body, message) => {
    const shopper = await newShopper(service);
    const before = await service.http.get(DETAIL).set(bearer(shopper));
    const res = await service.http.put(PROFILE).set(bearer(shopper)).send(body);
    expect(res.status).toBe(400);
    expect(res.body.alterMsg).toBe(message);
    const after = await service.http.get(DETAIL).set(bearer(shopper));
    expect(after.body.data).toEqual(before.body.data);
  });

  it("refuses another user's phone on profile update", async () => {
    const shopper = await newShopper(service);
    const res = await service.http
      .put(PROFILE)
      .set(bearer(shopper))
      .send({ phone: '13800000000', name: 'x1' });
    expect(res.body).toMatchObject({ success: false, alterMsg: '该手机号码已被注册' });
    const detail = await service.http.get(DETAIL).set(bearer(shopper));
    expect(detail.body.data.phone).toBe(shopper.phone);
    expect(detail.body.data.name).not.toBe('x1');
  });

  it('requires a token for the profile update', async () => {
    expect((await service.http.put(PROFILE).send({ name: 'x' })).status).toBe(401);
  });
});
