import { chooseLocale } from '@shop/common/locale.ts';
import express from 'express';
import { SignJWT } from 'jose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireAdmin, requireUser } from '../../service/src/http/auth.ts';
import { errorHandler } from '../../service/src/http/envelope.ts';
import { bearer, login, newShopper, startTestService, type TestService } from './harness.ts';

const DETAIL = '/service/shop/shop-user/detail';

/** Decodes a JWT's parts without checking it. */
const decode = (token: string) => {
  const [header, payload] = token.split('.');
  return {
    header: JSON.parse(Buffer.from(header, 'base64url').toString()),
    payload: JSON.parse(Buffer.from(payload, 'base64url').toString()),
  };
};
const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('access tokens', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({ ACCESS_TOKEN_TTL: '2s' });
  });
  afterAll(() => service.close());

  const detailWith = (token: string) => service.http.get(DETAIL).set('Authorization', `Bearer ${token}`);

  /** Signs claims with the service's real key, varying one pinned property at a time. */
  async function forge(
    tokens: { accessToken: string },
    change: { alg?: string; typ?: string; iss?: string; aud?: string; exp?: number } = {},
  ) {
    const { payload } = decode(tokens.accessToken);
    const key = new TextEncoder().encode(service.ctx.secrets.token);
    return new SignJWT({ acct: payload.acct, sid: payload.sid })
      .setProtectedHeader({ alg: change.alg ?? 'HS256', typ: change.typ ?? 'at+jwt' })
      .setSubject(payload.sub)
      .setIssuer(change.iss ?? payload.iss)
      .setAudience(change.aud ?? payload.aud)
      .setIssuedAt(payload.iat)
      .setExpirationTime(change.exp ?? payload.exp)
      .sign(key);
  }

  it('pins HS256, issuer, audience and typ in what it issues', async () => {
    const demo = await login(service, 'demo', 'demo123');
    const { header, payload } = decode(demo.accessToken);
    expect(header).toEqual({ alg: 'HS256', typ: 'at+jwt' });
    expect(payload).toMatchObject({
      iss: 'shop-service',
      aud: 'shop',
      acct: 'demo',
      sid: expect.any(String),
    });
    expect(payload.exp - payload.iat).toBe(2);
  });

  it('accepts a correctly signed token (the forgeries below differ in one property)', async () => {
    const demo = await login(service, 'demo', 'demo123');
    const res = await detailWith(await forge(demo));
    expect(res.status).toBe(200);
    expect(res.body.data.account).toBe('demo');
  });

  it('refuses missing, malformed and non-bearer credentials with 401', async () => {
    for (const header of [
      undefined,
      'Bearer',
      'Bearer not-a-jwt',
      'Basic ZGVtbzpkZW1vMTIz',
      'Bearer a.b.c',
    ]) {
      const req = service.http.get(DETAIL);
      const res = await (header ? req.set('Authorization', header) : req);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ success: false, data: null, message: 'common.unauthenticated' });
    }
  });

  it('expires after ACCESS_TOKEN_TTL', async () => {
    const demo = await login(service, 'demo', 'demo123');
    expect((await detailWith(demo.accessToken)).status).toBe(200);
    service.clock.advance(3_000);
    const res = await detailWith(demo.accessToken);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ message: 'common.tokenExpired', alterMsg: '登录已过期，请重新登录' });
  });

  it('refuses a tampered signature or payload', async () => {
    const demo = await login(service, 'demo', 'demo123');
    const [h, p, s] = demo.accessToken.split('.');
    const flipped = `${s.slice(0, -2)}${s.at(-2) === 'A' ? 'B' : 'A'}${s.at(-1)}`;
    expect((await detailWith(`${h}.${p}.${flipped}`)).status).toBe(401);
    const admin = await login(service, 'admin', 'admin123');
    const adminSub = decode(admin.accessToken).payload.sub;
    const escalated = encode({ ...decode(demo.accessToken).payload, sub: adminSub, acct: 'admin' });
    expect((await detailWith(`${h}.${escalated}.${s}`)).status).toBe(401);
  });

  it('refuses an unsigned alg:none token', async () => {
    const demo = await login(service, 'demo', 'demo123');
    const { payload } = decode(demo.accessToken);
    const none = `${encode({ alg: 'none', typ: 'at+jwt' })}.${encode(payload)}.`;
    expect((await detailWith(none)).status).toBe(401);
    const noneNoDot = `${encode({ alg: 'none', typ: 'at+jwt' })}.${encode(payload)}`;
    expect((await detailWith(noneNoDot)).status).toBe(401);
  });

  it.each([
    ['a wrong audience', { aud: 'other-app' }],
    ['a wrong issuer', { iss: 'someone-else' }],
    ['a wrong typ', { typ: 'JWT' }],
    ['another algorithm with the same key', { alg: 'HS512' }],
    ['an expiry in the past', { exp: Math.floor(Date.now() / 1000) - 60 }],
  ])('refuses %s', async (_label, change) => {
    const demo = await login(service, 'demo', 'demo123');
    expect((await detailWith(await forge(demo, change))).status).toBe(401);
  });

  it('refuses a token signed with another secret', async () => {
    const demo = await login(service, 'demo', 'demo123');
    const { payload } = decode(demo.accessToken);
    const token = await new SignJWT({ acct: payload.acct, sid: payload.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .setSubject(payload.sub)
      .setIssuer(payload.iss)
      .setAudience(payload.aud)
      .setExpirationTime(payload.exp)
      .sign(new TextEncoder().encode('not-the-secret-but-long-enough-0123456789'));
    expect((await detailWith(token)).status).toBe(401);
  });

  it('answers 403 无访问权限 to a permission refusal and 200 to the admin', async () => {
    const probe = express();
    probe.use((req, _res, next) => {
      req.locale = chooseLocale(undefined, req.get('accept-language'));
      next();
    });
    probe.get('/admin-only', requireUser(service.ctx), requireAdmin, (_req, res) => {
      res.json({ success: true });
    });
    probe.use(errorHandler);
    const shopper = await newShopper(service);
    const refused = await request(probe).get('/admin-only').set(bearer(shopper));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      success: false,
      message: 'common.forbidden',
      alterMsg: '无访问权限',
      type: 3,
    });
    const admin = await login(service, 'admin', 'admin123');
    expect((await request(probe).get('/admin-only').set(bearer(admin))).status).toBe(200);
    expect((await request(probe).get('/admin-only')).status).toBe(401);
  });
});
