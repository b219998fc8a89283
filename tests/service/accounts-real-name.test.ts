import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCitizenId, maskCitizenId } from '../../service/src/modules/accounts/rules.ts';
import { bearer, newShopper, startTestService, type TestService } from './harness.ts';

const REAL_NAME = '/service/shop/user/real-name/';

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
/** Completes 17 digits with their GB 11643 check character. */
const withCheck = (first17: string) =>
  first17 + '10X98765432'[[...first17].reduce((sum, d, i) => sum + WEIGHTS[i] * Number(d), 0) % 11];

describe('citizen ID rule', () => {
  it('accepts valid numbers and refuses wrong checksums, dates and shapes', () => {
    const today = new Date('2026-01-01T00:00:00Z');
    expect(isCitizenId('11010519491231002X', today)).toBe(true);
    expect(isCitizenId('11010519491231002x', today)).toBe(true);
    expect(isCitizenId(withCheck('44030420000229001'), today)).toBe(true); // leap day
    expect(isCitizenId('110105194912310021', today)).toBe(false); // checksum
    expect(isCitizenId(withCheck('44030419000229001'), today)).toBe(false); // 1900 is no leap year
    expect(isCitizenId(withCheck('11010119991301123'), today)).toBe(false); // month 13
    expect(isCitizenId(withCheck('11010120300101123'), today)).toBe(false); // future
    expect(isCitizenId(withCheck('01010119900101123'), today)).toBe(false); // region
    expect(isCitizenId('11010519491231002', today)).toBe(false); // 17 characters
    expect(maskCitizenId('11010519491231002x')).toBe('110105********002X');
  });
});

describe('GET/POST /shop/user/real-name/', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(() => service.close());

  it('answers the empty state before submission', async () => {
    const shopper = await newShopper(service);
    const res = await service.http.get(REAL_NAME).set(bearer(shopper));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ realName: null, idNumberMasked: null, isReal: false });
  });

  it('verifies, stores only the masked number and sets isReal', async () => {
    const shopper = await newShopper(service);
    const idNumber = withCheck('11010119900307123');
    const res = await service.http.post(REAL_NAME).set(bearer(shopper)).send({ realName: '张三', idNumber });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'common.ok', alterMsg: '操作成功！' });
    expect(res.body.data).toEqual({ realName: '张三', idNumberMasked: '110101********1233', isReal: true });
    expect(JSON.stringify(res.body)).not.toContain(idNumber);

    const row = await service.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', shopper.username)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ is_real: 1, real_name: '张三', id_number_masked: '110101********1233' });
    expect(JSON.stringify(row)).not.toContain(idNumber);

    const detail = await service.http.get('/service/shop/shop-user/detail').set(bearer(shopper));
    expect(detail.body.data.isReal).toBe(true);
    const again = await service.http.get(REAL_NAME).set(bearer(shopper));
    expect(again.body.data).toEqual(res.body.data);

    const twice = await service.http
      .post(REAL_NAME)
      .set(bearer(shopper))
      .send({ realName: '李四', idNumber: '11010519491231002X' });
    expect(twice.body).toMatchObject({
      success: false,
      message: 'account.alreadyReal',
      alterMsg: '您已完成实名认证',
    });
  });

  it('accepts transcribed and Latin names', async () => {
    for (const realName of ['阿依古丽·买买提', 'John Smith']) {
      const shopper = await newShopper(service);
      const res = await service.http
        .post(REAL_NAME)
        .set(bearer(shopper))
        .send({ realName, idNumber: '11010519491231002x' });
      expect(res.body.data).toMatchObject({ realName, idNumberMasked: '110105********002X', isReal: true });
    }
  });

  it.each([
    [{ idNumber: '11010519491231002X' }, '真实姓名 不能为空'],
    [{ realName: '张三' }, '身份证号码 不能为空'],
    [{ realName: '张', idNumber: '11010519491231002X' }, '真实姓名为2-20位汉字或字母'],
    [{ realName: '张3', idNumber: '11010519491231002X' }, '真实姓名为2-20位汉字或字母'],
    [{ realName: '张三', idNumber: '110105194912310021' }, '请输入正确的身份证号码'],
    [{ realName: '张三', idNumber: withCheck('11010119990230123') }, '请输入正确的身份证号码'],
    [{ realName: '张三', idNumber: withCheck('11010121000101123') }, '请输入正确的身份证号码'],
    [{ realName: '张三', idNumber: 110105194912310020 }, '身份证号码 格式不正确'],
    [{ realName: '张三', idNumber: '1'.repeat(10_000) }, '身份证号码 不能超过 18 个字符'],
    [{ realName: '张三', idNumber: '11010519491231002X', isReal: 1 }, '不支持的字段：isReal'],
  ])('refuses bad input and stores nothing (%#)', async (body, message) => {
    const shopper = await newShopper(service);
    const res = await service.http.post(REAL_NAME).set(bearer(shopper)).send(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, alterMsg: message });
    const row = await service.ctx.db
      .selectFrom('users')
      .select(['is_real', 'real_name', 'id_number_masked'])
      .where('username', '=', shopper.username)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ is_real: 0, real_name: null, id_number_masked: null });
  });

  it('answers in English for en-GB', async () => {
    const shopper = await newShopper(service);
    const res = await service.http
      .post(REAL_NAME)
      .set(bearer(shopper))
      .set('Accept-Language', 'en-GB')
      .send({ realName: '张三', idNumber: '110105194912310021' });
    expect(res.body.alterMsg).toBe('Please enter a valid citizen ID number');
  });

  it('needs a token', async () => {
    expect((await service.http.get(REAL_NAME)).status).toBe(401);
    expect(
      (await service.http.post(REAL_NAME).send({ realName: '张三', idNumber: '11010519491231002X' })).status,
    ).toBe(401);
  });
});
