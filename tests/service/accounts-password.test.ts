import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../service/src/config.ts';
import {
  hashPassword,
  needsRehash,
  OWASP_SCRYPT_COST,
  verifyPassword,
} from '../../service/src/modules/accounts/passwords.ts';
import { bearer, login, newShopper, startTestService, type TestService } from './harness.ts';

const CHANGE = '/service/shop/shop-user/update-password';
const DETAIL = '/service/shop/shop-user/detail';
const REFRESH = '/service/refresh-token';

describe('password hashing', () => {
  it('uses scrypt at the OWASP parameters by default, in a self-describing string', async () => {
    expect(loadConfig({}).passwordHashCost).toBe(17);
    expect(OWASP_SCRYPT_COST).toBe(17);
    const hash = await hashPassword('secret123');
    expect(hash).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('secret123', hash)).toBe(true);
    expect(await verifyPassword('secret124', hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
    expect(needsRehash(hash, 12)).toBe(true);
  });

  it('salts every hash and never matches a malformed stored value', async () => {
    const [a, b] = await Promise.all([hashPassword('same1234', 12), hashPassword('same1234', 12)]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same1234', a)).toBe(true);
    for (const stored of [
      '',
      'same1234',
      '$scrypt$ln=40,r=8,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA',
      a.slice(0, -4),
    ]) {
      expect(await verifyPassword('same1234', stored)).toBe(false);
    }
  });
});

describe('POST /shop/shop-user/update-password', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(() => service.close());

  const change = (tokens: { accessToken: string }, body: unknown, lang = 'zh-CN') =>
    service.http
      .post(CHANGE)
      .set(bearer(tokens))
      .set('Accept-Language', lang)
      .send(body as object);

  it('refuses a confirmation that differs with the documented message, changing nothing', async () => {
    const shopper = await newShopper(service);
    const body = { oldPassword: 'secret123', newPassword: 'newpass123', confirmPassword: 'newpass124' };
    const res = await change(shopper, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: 'account.passwordMismatch' });
    expect(res.body.alterMsg).toBe('请确认两次密码输入一致');
    const en = await change(shopper, body, 'en-GB');
    expect(en.body.alterMsg).toBe(
      'Please make sure the password inputs are consistent between the two times',
    );
    await login(service, shopper.username, 'secret123');
  });

  it.each([
    [{ newPassword: 'newpass123', confirmPassword: 'newpass123' }, '旧密码 不能为空'],
    [{ oldPassword: 'secret123', confirmPassword: 'newpass123' }, '新密码 不能为空'],
    [{ oldPassword: 'secret123', newPassword: 'newpass123' }, '确认密码 不能为空'],
    [
      { oldPassword: 'secret123', newPassword: 'short', confirmPassword: 'short' },
      '密码为6-20位字母、数字或 ! . _ - 组成',
    ],
    [
      { oldPassword: 'secret123', newPassword: 'onlyletters', confirmPassword: 'onlyletters' },
      '密码必须同时包含字母和数字',
    ],
    [{ oldPassword: 'secret123', newPassword: 99999999, confirmPassword: 99999999 }, '新密码 格式不正确'],
    [
      { oldPassword: 'secret123', newPassword: 'newpass123', confirmPassword: 'newpass123', x: 1 },
      '不支持的字段：x',
    ],
  ])('validates the body (%j)', async (body, message) => {
    const shopper = await newShopper(service);
    const res = await change(shopper, body);
    expect(res.status).toBe(400);
    expect(res.body.alterMsg).toBe(message);
    await login(service, shopper.username, 'secret123');
  });

  it('refuses a wrong old password with a clear message', async () => {
    const shopper = await newShopper(service);
    const res = await change(shopper, {
      oldPassword: 'wrong123',
      newPassword: 'newpass123',
      confirmPassword: 'newpass123',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: false,
      message: 'account.wrongOldPassword',
      alterMsg: '旧密码不正确',
    });
    await login(service, shopper.username, 'secret123');
  });

  it('changes the password, keeps this session and ends every other one', async () => {
    const current = await newShopper(service);
    const other = await login(service, current.username, 'secret123');
    const res = await change(current, {
      oldPassword: 'secret123',
      newPassword: 'newpass123',
      confirmPassword: 'newpass123',
    });
    expect(res.body).toMatchObject({ success: true, message: 'common.ok', alterMsg: '操作成功！' });

    expect((await service.http.get(DETAIL).set(bearer(current))).status).toBe(200);
    const renewed = await service.http.post(REFRESH).send({ refreshToken: current.refreshToken });
    expect(renewed.status).toBe(200);

    expect((await service.http.get(DETAIL).set(bearer(other))).status).toBe(401);
    expect((await service.http.post(REFRESH).send({ refreshToken: other.refreshToken })).status).toBe(401);

    const old = await service.http
      .post('/service/shop/shop-user/login')
      .send({ account: current.username, password: 'secret123' });
    expect(old.body.success).toBe(false);
    await login(service, current.username, 'newpass123');
  });

  it("clears the admin's default-password flag once changed", async () => {
    const admin = await login(service, 'admin', 'admin123');
    expect(admin.defaultPassword).toBe(true);
    const res = await change(admin, {
      oldPassword: 'admin123',
      newPassword: 'admin456',
      confirmPassword: 'admin456',
    });
    expect(res.body.success).toBe(true);
    const again = await login(service, 'admin', 'admin456');
    expect(again.defaultPassword).toBe(false);
    const detail = await service.http.get(DETAIL).set(bearer(again));
    expect(detail.body.data).toMatchObject({ isAdmin: true, defaultPassword: false });
  });

  it('needs a token', async () => {
    const res = await service.http
      .post(CHANGE)
      .send({ oldPassword: 'demo123', newPassword: 'newpass123', confirmPassword: 'newpass123' });
    expect(res.status).toBe(401);
    await login(service, 'demo', 'demo123');
  });
});
