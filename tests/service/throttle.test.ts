import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newShopper, startTestService, type TestService } from './harness.ts';

const LOGIN = '/service/shop/shop-user/login';

let addressCounter = 0;
/** A fresh client address (the service trusts X-Forwarded-For from loopback proxies only). */
const nextAddress = () => {
  addressCounter += 1;
  return `198.51.100.${addressCounter}`;
};

describe('failed-login throttling', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({
      LOGIN_MAX_FAILURES: '10',
      LOGIN_ADDRESS_MAX_FAILURES: '10',
      LOGIN_WINDOW: '15m',
    });
  });
  afterAll(() => service.close());

  const attempt = (account: string, password: string, address = nextAddress()) =>
    service.http.post(LOGIN).set('X-Forwarded-For', address).send({ account, password });

  const userId = async (username: string) =>
    (
      await service.ctx.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', username)
        .executeTakeFirstOrThrow()
    ).id;

  /** Status and body of each attempt, for comparing the answers of two accounts. */
  async function failTimes(account: string, times: number, address?: () => string) {
    const answers: { status: number; body: unknown }[] = [];
    for (let i = 0; i < times; i++) {
      const res = await attempt(account, 'wrong-pass1', address?.());
      answers.push({ status: res.status, body: res.body });
    }
    return answers;
  }

  it('throttles an account after 10 failures from any addresses, even with the right password', async () => {
    const shopper = await newShopper(service);
    const failures = await failTimes(shopper.username, 10);
    expect(failures.every((f) => f.status === 200)).toBe(true);
    const blocked = await attempt(shopper.username, 'secret123');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({
      success: false,
      data: null,
      message: 'common.tooManyRequests',
      alterMsg: '操作过于频繁，请稍后再试',
      type: 3,
    });
    // The account is locked whatever names it: other case, spaces, or its phone number.
    expect((await attempt(` ${shopper.username.toUpperCase()} `, 'secret123')).status).toBe(429);
    expect((await attempt(shopper.phone, 'secret123')).status).toBe(429);
    const rows = await service.ctx.db
      .selectFrom('login_failures')
      .select('throttle_key')
      .where('throttle_key', '=', `account:${await userId(shopper.username)}`)
      .execute();
    expect(rows).toHaveLength(10);
  });

  it('counts failures per account whatever identifier is typed (user name and phone share one count)', async () => {
    const shopper = await newShopper(service);
    await failTimes(shopper.username, 5);
    const byPhone = await failTimes(shopper.phone, 5);
    expect(byPhone.every((f) => f.status === 200)).toBe(true);
    // 5 by name + 5 by phone = 10: the 11th guess is refused by either identifier.
    expect((await attempt(shopper.phone, 'wrong-pass1')).status).toBe(429);
    expect((await attempt(shopper.username, 'wrong-pass1')).status).toBe(429);
    expect((await attempt(shopper.phone, 'secret123')).status).toBe(429);
  });

  it('lets the account in again once the window has passed', async () => {
    const shopper = await newShopper(service);
    await failTimes(shopper.username, 10);
    expect((await attempt(shopper.username, 'secret123')).status).toBe(429);
    service.clock.advance(15 * 60_000 + 1_000);
    const res = await attempt(shopper.username, 'secret123');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
  });

  it('answers an unknown account exactly like an existing one, step by step', async () => {
    const shopper = await newShopper(service);
    const known = await failTimes(shopper.username, 11);
    const unknown = await failTimes('no_such_user_x', 11);
    expect(unknown).toEqual(known);
    expect(known.at(-1)?.status).toBe(429);
    expect(known[0]).toEqual({
      status: 200,
      body: {
        success: false,
        data: null,
        message: 'account.badCredentials',
        alterMsg: '账号或密码错误',
        type: 2,
      },
    });
  });

  it('throttles wrong passwords from an address after 10 failures, never a correct one', async () => {
    const address = '203.0.113.77';
    for (let i = 0; i < 10; i++) {
      const res = await attempt(`someone_${i}`, 'wrong-pass1', address);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('account.badCredentials');
    }
    const blocked = await attempt('someone_else', 'wrong-pass1', address);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe('common.tooManyRequests');
    // Someone else behind the same address (a shared NAT) still gets in with the right password.
    const neighbour = await attempt('demo', 'demo123', address);
    expect(neighbour.status).toBe(200);
    expect(neighbour.body.success).toBe(true);
    const elsewhere = await attempt('someone_else', 'wrong-pass1', '203.0.113.78');
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.message).toBe('account.badCredentials');
  });

  it('forgets an address failures once the window has passed (the table does not grow)', async () => {
    const address = '203.0.113.80';
    for (let i = 0; i < 10; i++) await attempt(`passerby_${i}`, 'wrong-pass1', address);
    expect((await attempt('passerby_x', 'wrong-pass1', address)).status).toBe(429);
    service.clock.advance(15 * 60_000 + 1_000);
    const later = await attempt('passerby_y', 'wrong-pass1', address);
    expect(later.body.message).toBe('account.badCredentials');
    const rows = await service.ctx.db
      .selectFrom('login_failures')
      .select('id')
      .where('throttle_key', '=', `ip:${address}`)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('lets 50 parallel correct logins of 50 accounts from one address all in', async () => {
    const shoppers = [];
    for (let i = 0; i < 50; i++) shoppers.push(await newShopper(service));
    const address = '203.0.113.90';
    // The address already carries other people's failures (just under its limit).
    for (let i = 0; i < 9; i++) await attempt(`stranger_${i}`, 'wrong-pass1', address);
    const answers = await Promise.all(shoppers.map((s) => attempt(s.username, 'secret123', address)));
    expect(answers.map((res) => res.status)).toEqual(answers.map(() => 200));
    expect(answers.every((res) => res.body.success === true)).toBe(true);
  });

  it('clears the account failures on a successful login', async () => {
    const shopper = await newShopper(service);
    await failTimes(shopper.username, 9);
    expect((await attempt(shopper.username, 'secret123')).body.success).toBe(true);
    await failTimes(shopper.username, 9);
    const res = await attempt(shopper.username, 'secret123');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
  });

  it('keeps the counts in the database, shared by every instance', async () => {
    const shopper = await newShopper(service);
    await failTimes(shopper.username, 10);
    // A second app on the same database (another instance) sees the same failures.
    const { createApp } = await import('../../service/src/app.ts');
    const { default: request } = await import('supertest');
    const other = request(createApp(service.ctx));
    const res = await other
      .post(LOGIN)
      .set('X-Forwarded-For', nextAddress())
      .send({ account: shopper.username, password: 'secret123' });
    expect(res.status).toBe(429);
  });

  it('lets no more than 10 parallel guesses through', async () => {
    const shopper = await newShopper(service);
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => attempt(shopper.username, 'wrong-pass1')),
    );
    const checked = answers.filter((res) => res.status === 200);
    expect(checked.length).toBeLessThanOrEqual(10);
    expect(checked.every((res) => res.body.message === 'account.badCredentials')).toBe(true);
    // The rest were refused unchecked: 503 + Retry-After while the limit is filled by checks still
    // running (a burst of correct logins must not read as an attack), 429 once failures fill it.
    const refused = answers.filter(
      (res) => res.status === 429 || (res.status === 503 && res.headers['retry-after']),
    );
    expect(refused.length).toBe(25 - checked.length);
    // Refused attempts are not counted; the checked ones are the recorded failures.
    const recorded = await service.ctx.db
      .selectFrom('login_failures')
      .select('id')
      .where('throttle_key', '=', `account:${await userId(shopper.username)}`)
      .execute();
    expect(recorded).toHaveLength(checked.length);
    await failTimes(shopper.username, 10 - checked.length);
    expect((await attempt(shopper.username, 'secret123')).status).toBe(429);
  });

  it('does not count malformed requests as attempts', async () => {
    const shopper = await newShopper(service);
    for (let i = 0; i < 12; i++) {
      const res = await service.http.post(LOGIN).send({ account: shopper.username });
      expect(res.status).toBe(400);
    }
    expect((await attempt(shopper.username, 'secret123')).body.success).toBe(true);
  });
});
