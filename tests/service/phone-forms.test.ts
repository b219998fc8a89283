/** Phone numbers as people paste them, in every phone field: stored as the 11 digits, or refused with '请输入正确的手机号码'. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, newShopper, startTestService, type TestService } from './harness.ts';

const REGISTER = '/service/shop/shop-user/register';
const PROFILE = '/service/shop/shop-user/';
const ADDRESS = '/service/shop/address';

/** A pasted form of 135 5555 000n for each of the ways people write it. */
const PASTED: [string, (n: number) => string][] = [
  ['spaced with +86', (n) => `+86 135 5555 000${n}`],
  ['hyphenated', (n) => `135-5555-000${n}`],
  ['with 0086', (n) => `0086 135555500 0${n}`],
  ['with full-width hyphens and a wide space', (n) => `+86\u3000135－5555－000${n}`],
];
const digits = (n: number) => `1355555000${n}`;

/** Still not a mobile number once the separators and country code are gone. */
const WRONG = ['+86 135 5555 000', '+1 135 5555 0001', '135 5555 000a', '86-0135-5555-0001'];

describe('phone numbers as pasted', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(() => service.close());

  const storedPhone = async (id: number) =>
    (await service.ctx.db.selectFrom('users').select('phone').where('id', '=', id).executeTakeFirstOrThrow())
      .phone;

  it('registers with a pasted number, stores the 11 digits and signs in by the number pasted again', async () => {
    for (const [index, [label, pasted]] of PASTED.entries()) {
      const username = `pasted_${index}`;
      const res = await service.http
        .post(REGISTER)
        .send({ username, password: 'secret123', phone: pasted(index) });
      expect(res.body, label).toMatchObject({ success: true });
      expect(await storedPhone(res.body.data.id), label).toBe(digits(index));
      // Every pasted form signs in to the account, and so do the 11 digits.
      for (const [, other] of PASTED)
        expect((await login(service, other(index), 'secret123')).accessToken).toBeTruthy();
      expect((await login(service, digits(index), 'secret123')).accessToken).toBeTruthy();
    }
    // The same number pasted differently is the same number, so it is taken.
    const again = await service.http
      .post(REGISTER)
      .send({ username: 'pasted_again', password: 'secret123', phone: PASTED[1][1](0) });
    expect(again.body).toMatchObject({ success: false, message: 'account.phoneTaken' });
  });

  it('refuses what is still not a mobile number at registration, in both languages', async () => {
    for (const phone of WRONG) {
      const res = await service.http
        .post(REGISTER)
        .send({ username: 'wrongphone', password: 'secret123', phone });
      expect(res.status, phone).toBe(400);
      expect(res.body, phone).toMatchObject({
        message: 'account.invalidPhone',
        alterMsg: '请输入正确的手机号码',
      });
    }
    const en = await service.http
      .post(REGISTER)
      .set('Accept-Language', 'en-GB')
      .send({ username: 'wrongphone', password: 'secret123', phone: WRONG[0] });
    expect(en.body.alterMsg).toBe('Please enter a valid mobile phone number');
    const none = await service.ctx.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'wrongphone')
      .execute();
    expect(none).toEqual([]);
  });

  it('a user name is not taken for a phone at sign-in', async () => {
    const res = await service.http
      .post('/service/shop/shop-user/login')
      .send({ account: '+86 135', password: 'x' });
    expect(res.body).toMatchObject({ success: false, message: 'account.badCredentials' });
  });

  it('changes the profile phone to a pasted number as its 11 digits, and refuses a wrong one', async () => {
    const shopper = await newShopper(service);
    const res = await service.http.put(PROFILE).set(bearer(shopper)).send({ phone: '0086 135-5555-0009' });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({
      success: true,
      data: { phone: '13555550009' },
    });
    for (const phone of WRONG) {
      const wrong = await service.http.put(PROFILE).set(bearer(shopper)).send({ phone });
      expect(wrong.body, phone).toMatchObject({ success: false, alterMsg: '请输入正确的手机号码' });
    }
    const detail = await service.http.get('/service/shop/shop-user/detail').set(bearer(shopper));
    expect(detail.body.data.phone).toBe('13555550009');
  });

  it('saves an address with a pasted number as its 11 digits, on creation and on change', async () => {
    const shopper = await newShopper(service);
    const address = (phone: string) => ({ recipient: '李四', phone, city: '北京市', detail: '朝阳区 1 号' });
    const created = await service.http.post(ADDRESS).set(bearer(shopper)).send(address('+86 135 5555 0007'));
    expect(created.body, JSON.stringify(created.body)).toMatchObject({ success: true });
    const id = created.body.data.id as number;
    const phoneOf = async () =>
      (
        await service.ctx.db
          .selectFrom('addresses')
          .select('phone')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).phone;
    expect(await phoneOf()).toBe('13555550007');
    const changed = await service.http
      .put(`${ADDRESS}/${id}`)
      .set(bearer(shopper))
      .send(address('135-5555-0008'));
    expect(changed.body).toMatchObject({ success: true });
    expect(await phoneOf()).toBe('13555550008');
    for (const phone of WRONG) {
      const wrong = await service.http.post(ADDRESS).set(bearer(shopper)).send(address(phone));
      expect(wrong.status, phone).toBe(400);
      expect(wrong.body, phone).toMatchObject({
        message: 'address.invalidPhone',
        alterMsg: '请输入正确的手机号码',
      });
    }
    expect(await phoneOf()).toBe('13555550008');
  });
});
