// biome-ignore-all lint/suspicious/noExplicitAny: GraphQL answers are asserted field by field
/**
 * A session can end in an upload: its login was revoked behind the gateway's back, so the upload's
 * renewal is refused. The private answers kept for that session end with it, as after a logout:
 * the old cookie is answered by the service, never from the response cache.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession } from '../../gateway/src/session/seal.ts';
import { png } from '../service/png-fixture.ts';
import { type GatewayHarness, rawRequest, startGatewayHarness } from './harness.ts';

const LOGIN = 'mutation($input: LoginInput!) { login(input: $input) { viewer { id } } }';
const MENUS = '{ resources { buttons menus { id routerPath } } }';
const RESOURCE_CALL = 'GET /service/account/resource';

function multipart(file: Buffer) {
  const boundary = '----shopEndedSession';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('an upload that ends its session', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await startGatewayHarness({ gatewayEnv: { GATEWAY_RESOURCES_MAX_AGE: '30' } });
  });
  afterAll(() => h?.close());

  it('ends the private answers kept for it', async () => {
    const jar = h.jar();
    const login = await h.gql<any>(LOGIN, { input: { account: 'demo', password: 'demo123' } }, { jar });
    expect(login.errors).toBeUndefined();
    const cookie = jar.header();

    h.resetServiceLog();
    const first = await h.gql<any>(MENUS, undefined, { cookie });
    expect(first.data.resources.menus.length).toBeGreaterThan(0);
    expect((await h.gql<any>(MENUS, undefined, { cookie })).data).toEqual(first.data);
    expect(h.serviceCalls(RESOURCE_CALL)).toBe(1);

    // The login ends at the service itself: the gateway is not told.
    const tokens = await openSession(jar.get() as string, h.config.session.key);
    const revoked = await fetch(`${h.serviceUrl}/service/shop/shop-user/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens?.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: tokens?.refreshToken }),
    });
    expect(revoked.status).toBe(200);

    const { body, contentType } = multipart(png({}));
    const upload = await rawRequest(h.url, {
      method: 'POST',
      path: '/service/file/uploads',
      headers: { 'content-type': contentType, origin: h.url, cookie },
      body,
    });
    expect(upload.status).toBe(401);

    const before = h.serviceCalls(RESOURCE_CALL);
    const replay = await h.gql<any>(MENUS, undefined, { cookie });
    expect(replay.data?.resources ?? null).toBeNull();
    expect(replay.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect(h.serviceCalls(RESOURCE_CALL)).toBe(before + 1);
  });
});
