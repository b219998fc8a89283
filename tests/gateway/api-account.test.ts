// biome-ignore-all lint/suspicious/noExplicitAny: GraphQL answers are asserted field by field
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayHarness, startGatewayHarness } from './harness.ts';

const SESSION = 'session { id isAuthenticated defaultPassword viewer { id account name isAdmin } }';
const LOGIN = `mutation($input: LoginInput!) { login(input: $input) { sessionToken defaultPassword ${SESSION}
  viewer { id account phone gender isReal isAdmin avatar } userErrors { code field message } } }`;

describe('gateway API: account and session', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await startGatewayHarness();
  });
  afterAll(() => h.close());

  it('answers an anonymous session and a null viewer without calling the service', async () => {
    const res = await h.gql(`{ ${SESSION} viewer { id } }`);
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({
      session: { id: 'session', isAuthenticated: false, defaultPassword: false, viewer: null },
      viewer: null,
    });
    expect(res.upstreamCalls).toBe(0);
    const cart = await h.gql('{ cart { id } }');
    expect(cart.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('logs in (cookie for browsers, sessionToken for bearer clients) and reports defaultPassword', async () => {
    const jar = h.jar();
    const res = await h.gql<any>(LOGIN, { input: { account: '  admin ', password: 'admin123' } }, { jar });
    expect(res.errors).toBeUndefined();
    expect(res.data.login).toMatchObject({
      defaultPassword: true,
      session: {
        id: 'session',
        isAuthenticated: true,
        defaultPassword: true,
        viewer: { account: 'admin', isAdmin: true },
      },
      viewer: { account: 'admin', isAdmin: true },
    });
    expect(jar.get()).toBeTruthy();
    // A cookie client never gets the seal in the body: scripts cannot read the session.
    expect(res.data.login.sessionToken).toBeNull();
    expect(JSON.stringify(res.body)).not.toContain('accessToken');

    const viaCookie = await h.gql<any>(
      '{ session { isAuthenticated defaultPassword } viewer { account } }',
      undefined,
      { jar },
    );
    expect(viaCookie.data).toEqual({
      session: { isAuthenticated: true, defaultPassword: true },
      viewer: { account: 'admin' },
    });
    const mobile = await h.gql<any>(LOGIN, {
      input: { account: 'admin', password: 'admin123', transport: 'BEARER' },
    });
    expect(mobile.data.login.sessionToken).toMatch(/\S{40,}/);
    expect(mobile.setCookies.some((c) => c.startsWith('shop_session='))).toBe(false);
    const viaBearer = await h.gql<any>('{ viewer { account isAdmin } }', undefined, {
      bearer: mobile.data.login.sessionToken,
    });
    expect(viaBearer.data.viewer).toEqual({ account: 'admin', isAdmin: true });

    const wrong = await h.gql<any>(LOGIN, { input: { account: 'admin', password: 'nope-nope1' } });
    expect(wrong.errors).toBeUndefined();
    // Which of account or password is wrong is not said: no field.
    expect(wrong.data.login).toMatchObject({
      sessionToken: null,
      viewer: null,
      session: { isAuthenticated: false },
      userErrors: [{ code: 'ACCOUNT_BAD_CREDENTIALS', field: null, message: expect.any(String) }],
    });
  });

  it('caches the viewer per request: session.viewer and viewer cost one detail call', async () => {
    const jar = h.jar();
    await h.gql(LOGIN, { input: { account: 'demo', password: 'demo123' } }, { jar });
    h.resetServiceLog();
    const res = await h.gql<any>(`{ ${SESSION} viewer { id phone } a: viewer { name } }`, undefined, { jar });
    expect(res.errors).toBeUndefined();
    expect(res.data.viewer.phone).toBe('13800000000');
    expect(h.serviceCalls('GET /service/shop/shop-user/detail')).toBe(1);
  });

  it('registers and signs in, updates the profile, verifies the real name, changes the password', async () => {
    const jar = h.jar();
    const input = { username: 'apiuser1', password: 'secret123', phone: '13911112222' };
    const res = await h.gql<any>(
      `mutation($input: RegisterInput!) { register(input: $input) { userId sessionToken ${SESSION} } }`,
      { input },
      { jar },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.register.session).toMatchObject({
      isAuthenticated: true,
      viewer: { account: 'apiuser1' },
    });
    expect(res.extensions?.notices).toEqual([expect.objectContaining({ alterMsg: '注册成功!' })]);

    const again = await h.gql<any>(
      'mutation($input: RegisterInput!) { register(input: $input) { userId userErrors { code field } } }',
      { input: { ...input, signIn: false } },
    );
    expect(again.data.register.userId).toBeNull();
    expect(again.data.register.userErrors[0]).toMatchObject({ field: ['input', 'username'] });

    const profile = await h.gql<any>(
      `mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { viewer { id name gender phone } } }`,
      { input: { name: '小明', gender: 'MALE' } },
      { jar },
    );
    expect(profile.errors).toBeUndefined();
    expect(profile.data.updateProfile.viewer).toMatchObject({
      name: '小明',
      gender: 'MALE',
      phone: '13911112222',
    });
    expect(profile.extensions?.notices).toEqual([expect.objectContaining({ alterMsg: '保存成功!' })]);

    const before = await h.gql<any>(
      '{ realName { isReal realName idNumberMasked } viewer { isReal realName { isReal } } }',
      undefined,
      { jar },
    );
    expect(before.data.realName.isReal).toBe(false);
    const verified = await h.gql<any>(
      `mutation($input: VerifyRealNameInput!) { verifyRealName(input: $input) {
        realName { isReal realName idNumberMasked } viewer { isReal } } }`,
      { input: { realName: '张三', idNumber: '11010519491231002X' } },
      { jar },
    );
    expect(verified.errors).toBeUndefined();
    expect(verified.data.verifyRealName.realName).toMatchObject({ isReal: true, realName: '张三' });
    expect(verified.data.verifyRealName.realName.idNumberMasked).not.toContain('19491231');
    expect(verified.data.verifyRealName.viewer.isReal).toBe(true);

    const mismatch = await h.gql<any>(
      'mutation($input: ChangePasswordInput!) { changePassword(input: $input) { session { isAuthenticated } userErrors { code field message } } }',
      { input: { oldPassword: 'secret123', newPassword: 'secret456', confirmPassword: 'secret789' } },
      { jar },
    );
    expect(mismatch.data.changePassword).toEqual({
      session: { isAuthenticated: true },
      userErrors: [
        { code: expect.any(String), field: ['input', 'confirmPassword'], message: '请确认两次密码输入一致' },
      ],
    });
    const changed = await h.gql<any>(
      'mutation($input: ChangePasswordInput!) { changePassword(input: $input) { session { isAuthenticated defaultPassword } } }',
      { input: { oldPassword: 'secret123', newPassword: 'secret456', confirmPassword: 'secret456' } },
      { jar },
    );
    expect(changed.errors).toBeUndefined();
    expect(changed.data.changePassword.session).toEqual({ isAuthenticated: true, defaultPassword: false });
    const still = await h.gql<any>('{ viewer { account } }', undefined, { jar });
    expect(still.data.viewer.account).toBe('apiuser1');
    const relogin = await h.gql<any>(LOGIN, { input: { account: '13911112222', password: 'secret456' } });
    expect(relogin.errors).toBeUndefined();
  });

  it("clears the admin's defaultPassword once the password is changed", async () => {
    const jar = h.jar();
    await h.gql(LOGIN, { input: { account: 'admin', password: 'admin123' } }, { jar });
    const res = await h.gql<any>(
      'mutation($input: ChangePasswordInput!) { changePassword(input: $input) { session { defaultPassword } } }',
      { input: { oldPassword: 'admin123', newPassword: 'admin456', confirmPassword: 'admin456' } },
      { jar },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.changePassword.session.defaultPassword).toBe(false);
    const status = await h.gql<any>('{ session { defaultPassword } }', undefined, { jar });
    expect(status.data.session.defaultPassword).toBe(false);
    await h.gql(
      'mutation($input: ChangePasswordInput!) { changePassword(input: $input) { session { defaultPassword } } }',
      { input: { oldPassword: 'admin456', newPassword: 'admin123', confirmPassword: 'admin123' } },
      { jar },
    );
  });

  it('answers the menus and buttons of the caller', async () => {
    const shopper = h.jar();
    await h.gql(LOGIN, { input: { account: 'demo', password: 'demo123' } }, { jar: shopper });
    const admin = h.jar();
    await h.gql(LOGIN, { input: { account: 'admin', password: 'admin123' } }, { jar: admin });
    const query = `{ resources { buttons menus { id name routerName routerPath redirect isEnabled isHidden
      isAlwaysShow highlightMenu type children { id name routerPath type } } } }`;
    const mine = await h.gql<any>(query, undefined, { jar: shopper });
    const theirs = await h.gql<any>(query, undefined, { jar: admin });
    expect(mine.errors).toBeUndefined();
    expect(mine.data.resources.menus.length).toBeGreaterThan(0);
    expect(['MAIN', 'SUB']).toContain(mine.data.resources.menus[0].type);
    const count = (menus: any[]): number =>
      menus.reduce((n, menu) => n + 1 + (menu.children ? count(menu.children) : 0), 0);
    expect(count(theirs.data.resources.menus)).toBeGreaterThan(count(mine.data.resources.menus));
    expect(theirs.data.resources.buttons.length).toBeGreaterThan(0);
    const anonymous = await h.gql(query);
    expect(anonymous.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('asks the service once for menus and buttons read twice in one request (as a page render does)', async () => {
    const jar = h.jar();
    await h.gql(LOGIN, { input: { account: 'demo', password: 'demo123' } }, { jar });
    h.resetServiceLog();
    const both = await h.gql<any>('{ a: resources { buttons } b: resources { menus { id } } }', undefined, {
      jar,
    });
    expect(both.errors).toBeUndefined();
    expect(both.data.b.menus.length).toBeGreaterThan(0);
    expect(h.serviceCalls('GET /service/account/resource')).toBe(1);
  });

  it('logs out: revokes the login upstream and clears the cookie', async () => {
    const jar = h.jar();
    const login = await h.gql<any>(LOGIN, { input: { account: 'demo', password: 'demo123' } }, { jar });
    expect(login.errors).toBeUndefined();
    const token = jar.get();
    const res = await h.gql<any>(`mutation { logout { ${SESSION} } }`, undefined, { jar });
    expect(res.errors).toBeUndefined();
    expect(res.data.logout.session).toEqual({
      id: 'session',
      isAuthenticated: false,
      defaultPassword: false,
      viewer: null,
    });
    expect(jar.get()).toBeUndefined();
    expect(h.serviceCalls('POST /service/shop/shop-user/logout')).toBeGreaterThan(0);
    // The same login used as a bearer token is revoked upstream too.
    const reused = await h.gql<any>('{ viewer { id } }', undefined, { bearer: token });
    expect(reused.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});
