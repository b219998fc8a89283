/**
 * Wrong old passwords are throttled like logins (one counter per
 * account), registrations are throttled per client address, password hashes go through a
 * bounded queue that serves logins first, and registration can sign in with the same hash.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PasswordHashQueue } from '../../service/src/modules/accounts/hash-queue.ts';
import { bearer, login, newShopper, startTestService, type TestService } from './harness.ts';

const CHANGE = '/service/shop/shop-user/update-password';
const LOGIN = '/service/shop/shop-user/login';
const REGISTER = '/service/shop/shop-user/register';
const DETAIL = '/service/shop/shop-user/detail';

let counter = 0;
/** A unique user name and phone number for a registration. */
function newcomer() {
  counter += 1;
  const suffix = `${process.pid % 1000}${counter}`.padStart(8, '0').slice(-8);
  return { username: `newbie${suffix}`, phone: `136${suffix}`, password: 'secret123' };
}

describe('password change throttling', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({ LOGIN_MAX_FAILURES: '10', LOGIN_WINDOW: '15m' });
  });
  afterAll(() => service.close());

  const change = (tokens: { accessToken: string }, oldPassword: string) =>
    service.http
      .post(CHANGE)
      .set(bearer(tokens))
      .send({ oldPassword, newPassword: 'fresh1234', confirmPassword: 'fresh1234' });

  it('refuses the 11th old password in the window, even the right one, and locks the login too', async () => {
    const shopper = await newShopper(service);
    for (let i = 0; i < 10; i++) {
      const res = await change(shopper, `wrong${i}pass`);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('account.wrongOldPassword');
    }
    const blocked = await change(shopper, 'secret123');
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe('common.tooManyRequests');
    // One counter per account: the guesses made here also count for the login form.
    const loginAttempt = await service.http
      .post(LOGIN)
      .set('X-Forwarded-For', '198.51.100.200')
      .send({ account: shopper.phone, password: 'secret123' });
    expect(loginAttempt.status).toBe(429);
    // Nothing changed: once the window has passed, the old password still works.
    service.clock.advance(15 * 60_000 + 1000);
    expect((await login(service, shopper.username, 'secret123')).accessToken).toBeTruthy();
  });

  it('lets no more than 10 parallel wrong old passwords be checked', async () => {
    const shopper = await newShopper(service);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => change(shopper, `wrong${i}pass`)));
    const checked = answers.filter((res) => res.status === 200);
    expect(checked.length).toBeLessThanOrEqual(10);
    expect(checked.every((res) => res.body.message === 'account.wrongOldPassword')).toBe(true);
    const refused = answers.filter(
      (res) => res.status === 429 || (res.status === 503 && res.headers['retry-after']),
    );
    expect(refused).toHaveLength(20 - checked.length);
    // Guesses one at a time are checked until the failures fill the limit (fewer than 10 were
    // checked above when a busy hash queue turned some away); never more than 10 in all, then 429.
    let total = checked.length;
    for (let guess = 0; ; guess += 1) {
      const res = await change(shopper, `wrongagain${guess}`);
      if (res.status === 429) break;
      expect(res.body.message).toBe('account.wrongOldPassword');
      total += 1;
      expect(total).toBeLessThanOrEqual(10);
    }
  });

  it('a successful change clears the account failures', async () => {
    const shopper = await newShopper(service);
    for (let i = 0; i < 9; i++) await change(shopper, `wrong${i}pass`);
    const res = await change(shopper, 'secret123');
    expect(res.body).toMatchObject({ success: true });
    for (let i = 0; i < 9; i++) {
      expect((await change(shopper, `wrong${i}pass`)).status).toBe(200);
    }
  });
});

describe('registration throttling and signing in with one hash', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({ REGISTER_MAX_PER_ADDRESS: '3', REGISTER_WINDOW: '1h' });
  });
  afterAll(() => service.close());

  const register = (body: object, address: string) =>
    service.http.post(REGISTER).set('X-Forwarded-For', address).send(body);

  it('refuses the 4th registration from one address in the window, others still register', async () => {
    const address = '203.0.113.10';
    for (let i = 0; i < 3; i++) {
      const res = await register(newcomer(), address);
      expect(res.body).toMatchObject({ success: true, message: 'account.registered' });
    }
    const refused = newcomer();
    const res = await register(refused, address);
    expect(res.status).toBe(429);
    expect(res.body.message).toBe('common.tooManyRequests');
    const stored = await service.ctx.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', refused.username)
      .executeTakeFirst();
    expect(stored).toBeUndefined();
    expect((await register(newcomer(), '203.0.113.11')).body.success).toBe(true);
    service.clock.advance(60 * 60_000 + 1000);
    expect((await register(refused, address)).body.success).toBe(true);
  });

  it('signIn: true answers with the tokens of a new login (no second password check)', async () => {
    const body = newcomer();
    const res = await register({ ...body, signIn: true }, '203.0.113.20');
    expect(res.body).toMatchObject({ success: true, message: 'account.registered' });
    const { id, accessToken, refreshToken, defaultPassword } = res.body.data;
    expect(Number.isInteger(id)).toBe(true);
    expect(defaultPassword).toBe(false);
    expect(refreshToken).toEqual(expect.any(String));
    const me = await service.http.get(DETAIL).set(bearer({ accessToken }));
    expect(me.body.data).toMatchObject({ id, account: body.username });
    // Without signIn the answer is { id } alone.
    const plain = await register(newcomer(), '203.0.113.20');
    expect(Object.keys(plain.body.data)).toEqual(['id']);
  });

  it('refuses an unknown field such as signIn: "yes"', async () => {
    const res = await register({ ...newcomer(), signIn: 'yes' }, '203.0.113.21');
    expect(res.status).toBe(400);
  });
});

describe('bounded password-hash queue', () => {
  it('never runs more hashes than allowed and refuses registrations past the waiting room (503, nothing stored)', async () => {
    // A costlier hash (2^15) so that the parallel registrations really overlap.
    const service = await startTestService({
      PASSWORD_HASH_COST: '15',
      PASSWORD_HASH_CONCURRENCY: '1',
      PASSWORD_HASH_QUEUE: '4',
    });
    try {
      const bodies = Array.from({ length: 10 }, () => newcomer());
      const answers = await Promise.all(
        bodies.map((body, i) =>
          service.http
            .post(REGISTER)
            .set('X-Forwarded-For', `203.0.113.${100 + i}`)
            .send(body),
        ),
      );
      const busy = answers.filter((res) => res.status === 503);
      const registered = answers.filter((res) => res.body.success === true);
      expect(registered.length).toBeGreaterThanOrEqual(1);
      // 1 running + at most 2 new hashes waiting (half the room): the rest are turned away.
      expect(registered.length).toBeLessThanOrEqual(3);
      expect(busy.length).toBe(10 - registered.length);
      expect(busy[0].body).toMatchObject({
        success: false,
        message: 'account.busy',
        alterMsg: '系统繁忙，请稍后再试',
      });
      const { hashQueueOf } = await import('../../service/src/modules/accounts/hash-queue.ts');
      expect(hashQueueOf(service.ctx).stats).toEqual({ running: 0, peakRunning: 1, queued: 0 });
      const users = await service.ctx.db.selectFrom('users').select('username').execute();
      const names = new Set(users.map((u) => u.username));
      answers.forEach((res, i) => {
        expect(names.has(bodies[i].username)).toBe(res.body.success === true);
      });
      // A refused registration did not use up the address's registrations.
      const retry = await service.http
        .post(REGISTER)
        .set('X-Forwarded-For', '203.0.113.100')
        .send(bodies[answers.findIndex((res) => res.status === 503)]);
      expect(retry.body.success).toBe(true);
    } finally {
      await service.close();
    }
  });

  it('serves waiting logins before new hashes and suspects last', async () => {
    const queue = new PasswordHashQueue(1, 8);
    const order: string[] = [];
    let release!: () => void;
    const first = queue.run('new', () => new Promise<void>((resolve) => (release = resolve)));
    const job = (name: string) => async () => {
      order.push(name);
    };
    const waiting = [
      queue.run('suspect', job('suspect')),
      queue.run('new', job('new-1')),
      queue.run('login', job('login-1')),
      queue.run('new', job('new-2')),
      queue.run('login', job('login-2')),
    ];
    expect(queue.stats).toEqual({ running: 1, peakRunning: 1, queued: 5 });
    release();
    await Promise.all([first, ...waiting]);
    expect(order).toEqual(['login-1', 'login-2', 'new-1', 'new-2', 'suspect']);
    expect(queue.stats).toEqual({ running: 0, peakRunning: 1, queued: 0 });
  });

  it('turns a caller away at once, with Retry-After, when the hashes ahead would outlast the budget', async () => {
    // Hashes of 1 s and a budget of 1.7 s: a timer late by up to 130 ms (a busy machine) changes
    // neither answer below.
    const queue = new PasswordHashQueue(1, 64, 1700);
    const hash = (ms: number) => () =>
      new Promise<string>((resolve) => setTimeout(() => resolve('done'), ms));
    await queue.run('login', hash(1000));
    expect(queue.averageHashMs).toBeGreaterThanOrEqual(990);
    const running = queue.run('login', hash(1000));
    // One hash ahead (about half done) plus its own: about 1.5 s, within the budget, so it waits.
    const admitted = queue.run('login', hash(10));
    // Two ahead: about 2.5 s, more than the budget — refused before waiting at all.
    const started = performance.now();
    await expect(queue.run('login', hash(10))).rejects.toMatchObject({ status: 503, retryAfter: 3 });
    // at once: long before the hash ahead of it could end
    expect(performance.now() - started).toBeLessThan(500);
    expect(await Promise.all([running, admitted])).toEqual(['done', 'done']);
  });

  it('turns a waiter away when its wait uses up the budget (a hash took longer than measured)', async () => {
    const queue = new PasswordHashQueue(1, 64, 100);
    await queue.run('login', async () => 'quick');
    const slow = queue.run('login', () => new Promise((resolve) => setTimeout(resolve, 300)));
    const started = performance.now();
    await expect(queue.run('login', async () => 'late')).rejects.toMatchObject({ status: 503 });
    expect(performance.now() - started).toBeLessThan(250);
    await slow;
  });

  it('keeps room for logins when new hashes fill their half of the waiting room', async () => {
    const queue = new PasswordHashQueue(1, 4);
    let release!: () => void;
    const first = queue.run('login', () => new Promise<void>((resolve) => (release = resolve)));
    const newOnes = [queue.run('new', async () => 'a'), queue.run('new', async () => 'b')];
    await expect(queue.run('new', async () => 'c')).rejects.toMatchObject({
      status: 503,
      key: 'account.busy',
    });
    const logins = [queue.run('login', async () => 'x'), queue.run('login', async () => 'y')];
    await expect(queue.run('login', async () => 'z')).rejects.toMatchObject({ status: 503 });
    release();
    await first;
    expect(await Promise.all([...newOnes, ...logins])).toEqual(['a', 'b', 'x', 'y']);
  });
});
