import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rotate } from '../../service/src/modules/accounts/refresh-tokens.ts';
import { bearer, login, newShopper, startTestService, type TestService, type Tokens } from './harness.ts';

const REFRESH = '/service/refresh-token';
const LOGOUT = '/service/shop/shop-user/logout';
const DETAIL = '/service/shop/shop-user/detail';

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

describe('refresh tokens', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({ REFRESH_GRACE: '10s' });
  });
  afterAll(() => service.close());

  const refresh = (refreshToken: unknown) => service.http.post(REFRESH).send({ refreshToken });
  const detailStatus = async (tokens: Pick<Tokens, 'accessToken'>) =>
    (await service.http.get(DETAIL).set(bearer(tokens))).status;
  const familyRows = async (refreshToken: string) => {
    const row = await service.ctx.db
      .selectFrom('refresh_tokens')
      .select('family_id')
      .where('token_hash', '=', sha256(refreshToken))
      .executeTakeFirstOrThrow();
    return service.ctx.db
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('family_id', '=', row.family_id)
      .orderBy('id')
      .execute();
  };

  it('stores only a hash of 32 random bytes and rotates on every use', async () => {
    const shopper = await newShopper(service);
    expect(shopper.refreshToken).toMatch(/^[\w-]{43}$/);
    const [stored] = await familyRows(shopper.refreshToken);
    expect(stored.token_hash).toBe(sha256(shopper.refreshToken));
    expect(JSON.stringify(await familyRows(shopper.refreshToken))).not.toContain(shopper.refreshToken);

    const res = await refresh(shopper.refreshToken);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(Object.keys(res.body.data).sort()).toEqual(['accessToken', 'defaultPassword', 'refreshToken']);
    expect(res.body.data.refreshToken).not.toBe(shopper.refreshToken);
    expect(await detailStatus(res.body.data)).toBe(200);
    const rows = await familyRows(shopper.refreshToken);
    expect(rows).toHaveLength(2);
    expect(rows[0].rotated_at).not.toBeNull();
    expect(rows[0].replaced_by_hash).toBe(sha256(res.body.data.refreshToken));
    expect(rows[1].family_expires_at).toBe(rows[0].family_expires_at);

    const next = await refresh(res.body.data.refreshToken);
    expect(next.status).toBe(200);
    expect(next.body.data.refreshToken).not.toBe(res.body.data.refreshToken);
  });

  it('gives parallel refreshes with the same token the same successor', async () => {
    const shopper = await newShopper(service);
    const answers = await Promise.all(Array.from({ length: 6 }, () => refresh(shopper.refreshToken)));
    for (const answer of answers) expect(answer.status).toBe(200);
    const successors = new Set(answers.map((answer) => answer.body.data.refreshToken));
    expect(successors.size).toBe(1);
    expect(await familyRows(shopper.refreshToken)).toHaveLength(2);
    const [successor] = successors;
    expect((await refresh(successor)).status).toBe(200);
  });

  it('rotates by compare-and-set: many concurrent rotations of one token make one successor', async () => {
    const shopper = await newShopper(service);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => rotate(service.ctx, shopper.refreshToken)),
    );
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    const successors = new Set(results.map((r) => (r.status === 'fulfilled' ? r.value.refreshToken : null)));
    expect(successors.size).toBe(1);
    expect(await familyRows(shopper.refreshToken)).toHaveLength(2);
  });

  it('answers a retry within the grace window with the same successor', async () => {
    const shopper = await newShopper(service);
    const first = await refresh(shopper.refreshToken);
    service.clock.advance(9_000);
    const retry = await refresh(shopper.refreshToken);
    expect(retry.status).toBe(200);
    expect(retry.body.data.refreshToken).toBe(first.body.data.refreshToken);
    expect(await familyRows(shopper.refreshToken)).toHaveLength(2);
  });

  it('revokes the whole family on reuse after the grace window', async () => {
    const shopper = await newShopper(service);
    const elsewhere = await login(service, shopper.username, 'secret123');
    const first = await refresh(shopper.refreshToken);
    const second = await refresh(first.body.data.refreshToken);
    expect(second.status).toBe(200);
    service.clock.advance(11_000);

    const reuse = await refresh(shopper.refreshToken);
    expect(reuse.status).toBe(401);
    expect(reuse.body).toMatchObject({ success: false, message: 'common.tokenExpired' });

    expect((await refresh(second.body.data.refreshToken)).status).toBe(401);
    for (const tokens of [shopper, first.body.data, second.body.data])
      expect(await detailStatus(tokens)).toBe(401);
    const rows = await familyRows(shopper.refreshToken);
    expect(rows.every((row) => row.revoked_at !== null)).toBe(true);

    // Another login of the same user is another family and lives on.
    expect(await detailStatus(elsewhere)).toBe(200);
    expect((await refresh(elsewhere.refreshToken)).status).toBe(200);
  });

  it('answers 401 to unknown tokens and 400 to malformed bodies', async () => {
    const unknown = await refresh('A'.repeat(43));
    expect(unknown.status).toBe(401);
    expect(unknown.body.success).toBe(false);
    for (const [body, message] of [
      [{}, '刷新令牌 不能为空'],
      [{ refreshToken: 42 }, '刷新令牌 格式不正确'],
      [{ refreshToken: 'x'.repeat(5000) }, '刷新令牌 不能超过 200 个字符'],
      [{ refreshToken: 'abc', accessToken: 'x' }, '不支持的字段：accessToken'],
    ] as const) {
      const res = await service.http.post(REFRESH).send(body);
      expect(res.status).toBe(400);
      expect(res.body.alterMsg).toBe(message);
    }
  });

  it('logout ends that login only: its access and refresh tokens die', async () => {
    const shopper = await newShopper(service);
    const other = await login(service, shopper.username, 'secret123');
    const res = await service.http
      .post(LOGOUT)
      .set(bearer(shopper))
      .send({ refreshToken: shopper.refreshToken });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: null, alterMsg: null });
    expect(await detailStatus(shopper)).toBe(401);
    expect((await refresh(shopper.refreshToken)).status).toBe(401);
    expect(await detailStatus(other)).toBe(200);
    expect((await refresh(other.refreshToken)).status).toBe(200);
  });

  it('leaves nothing alive when logout races a refresh of the same login', async () => {
    const shopper = await newShopper(service);
    for (let round = 0; round < 8; round++) {
      const tokens = await login(service, shopper.username, 'secret123');
      const [, renewed] = await Promise.all([
        service.http.post(LOGOUT).set(bearer(tokens)).send({ refreshToken: tokens.refreshToken }),
        refresh(tokens.refreshToken),
      ]);
      const rows = await familyRows(tokens.refreshToken);
      expect(rows.every((row) => row.revoked_at !== null)).toBe(true);
      if (renewed.status === 200) {
        expect(await detailStatus(renewed.body.data)).toBe(401);
        expect((await refresh(renewed.body.data.refreshToken)).status).toBe(401);
      }
    }
  });

  it("logout cannot end someone else's login and needs a token", async () => {
    const victim = await newShopper(service);
    const attacker = await newShopper(service);
    await service.http.post(LOGOUT).set(bearer(attacker)).send({ refreshToken: victim.refreshToken });
    expect(await detailStatus(victim)).toBe(200);
    expect(await detailStatus(attacker)).toBe(401);
    expect((await service.http.post(LOGOUT).send({ refreshToken: victim.refreshToken })).status).toBe(401);
    const bad = await service.http.post(LOGOUT).set(bearer(victim)).send({ refreshToken: 5 });
    expect(bad.status).toBe(400);
    expect(await detailStatus(victim)).toBe(200);
  });
});

describe('refresh-token lifetimes', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({ REFRESH_TOKEN_TTL: '40m', REFRESH_FAMILY_TTL: '1h' });
  });
  afterAll(() => service.close());

  it('expires an unused refresh token after REFRESH_TOKEN_TTL', async () => {
    const shopper = await newShopper(service);
    service.clock.advance(41 * 60_000);
    expect((await service.http.post(REFRESH).send({ refreshToken: shopper.refreshToken })).status).toBe(401);
  });

  it('ends the family at its absolute lifetime however often it is rotated', async () => {
    const shopper = await newShopper(service);
    let token = shopper.refreshToken;
    for (let minutes = 25; minutes <= 50; minutes += 25) {
      service.clock.advance(25 * 60_000);
      const res = await service.http.post(REFRESH).send({ refreshToken: token });
      expect(res.status).toBe(200);
      token = res.body.data.refreshToken;
    }
    const rows = await service.ctx.db
      .selectFrom('refresh_tokens')
      .select(['expires_at', 'family_expires_at'])
      .where('token_hash', '=', sha256(token))
      .executeTakeFirstOrThrow();
    expect(rows.expires_at <= rows.family_expires_at).toBe(true);
    service.clock.advance(11 * 60_000); // 61 minutes after login; the last token is 11 minutes old
    const late = await service.http.post(REFRESH).send({ refreshToken: token });
    expect(late.status).toBe(401);
  });
});
