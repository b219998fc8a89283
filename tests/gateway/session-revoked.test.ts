// biome-ignore-all lint/suspicious/noExplicitAny: GraphQL answers are asserted field by field
/**
 * A session the service ended is over at the gateway too: an old cookie replayed after its logout,
 * or after a password change revoked every other login of the account, reads as signed out (the
 * shell's own `session` query included, which asks the service nothing else), and the answer clears
 * the stale cookie. The same for a bearer client.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayHarness, startGatewayHarness } from './harness.ts';

const LOGIN = 'mutation($input: LoginInput!) { login(input: $input) { sessionToken } }';
const LOGOUT = 'mutation { logout { session { isAuthenticated } } }';
const CHANGE_PASSWORD =
  'mutation($input: ChangePasswordInput!) { changePassword(input: $input) { session { isAuthenticated } userErrors { code } } }';
const STATUS = '{ session { isAuthenticated } }';
/** The shell's query (web/src/auth/session.graphql), as the server render reads it. */
const SHELL_SESSION = '{ session { id isAuthenticated defaultPassword viewer { id account } } }';

const clears = (setCookies: string[]) =>
  setCookies.some((c) => /^shop_session=;/.test(c) && /Max-Age=0/i.test(c));

describe('gateway: a session the service ended', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await startGatewayHarness();
  });
  afterAll(() => h.close());

  async function cookieLogin(account: string, password: string): Promise<string> {
    const jar = h.jar();
    const res = await h.gql(LOGIN, { input: { account, password } }, { jar });
    expect(res.errors).toBeUndefined();
    return `shop_session=${jar.get()}`;
  }

  it('a live session reads as signed in, and nothing is cleared', async () => {
    const cookie = await cookieLogin('demo', 'demo123');
    const res = await h.gql<any>(STATUS, undefined, { cookie });
    expect(res.data.session).toEqual({ isAuthenticated: true });
    expect(res.setCookies).toEqual([]);
  });

  it('an old cookie replayed after its logout is signed out, and cleared', async () => {
    const cookie = await cookieLogin('demo', 'demo123');
    const logout = await h.gql<any>(LOGOUT, undefined, { cookie });
    expect(logout.data.logout.session).toEqual({ isAuthenticated: false });
    expect(clears(logout.setCookies)).toBe(true);

    const replay = await h.gql<any>(STATUS, undefined, { cookie });
    expect(replay.errors).toBeUndefined();
    expect(replay.data.session).toEqual({ isAuthenticated: false });
    expect(clears(replay.setCookies)).toBe(true);
    expect(replay.headers['cache-control']).toBe('no-store');

    const shell = await h.gql<any>(SHELL_SESSION, undefined, { cookie });
    expect(shell.errors).toBeUndefined();
    expect(shell.data.session).toEqual({
      id: 'session',
      isAuthenticated: false,
      defaultPassword: false,
      viewer: null,
    });
    expect(clears(shell.setCookies)).toBe(true);
  });

  it("another login's cookie is signed out once a password change revoked it", async () => {
    const registered = await h.gql<any>(
      'mutation($input: RegisterInput!) { register(input: $input) { userId } }',
      { input: { username: 'revoked1', password: 'secret123', phone: '13922223333', signIn: false } },
    );
    expect(registered.errors).toBeUndefined();
    const elsewhere = await cookieLogin('revoked1', 'secret123');
    const here = await cookieLogin('revoked1', 'secret123');
    const changed = await h.gql<any>(
      CHANGE_PASSWORD,
      { input: { oldPassword: 'secret123', newPassword: 'secret456', confirmPassword: 'secret456' } },
      { cookie: here },
    );
    expect(changed.data.changePassword).toEqual({ session: { isAuthenticated: true }, userErrors: [] });

    const replay = await h.gql<any>(STATUS, undefined, { cookie: elsewhere });
    expect(replay.data.session).toEqual({ isAuthenticated: false });
    expect(clears(replay.setCookies)).toBe(true);
  });

  it('a bearer client is told its revoked session is over', async () => {
    const login = await h.gql<any>(LOGIN, {
      input: { account: 'demo', password: 'demo123', transport: 'BEARER' },
    });
    const bearer = login.data.login.sessionToken as string;
    await h.gql(LOGOUT, undefined, { bearer });
    const replay = await h.gql<any>(STATUS, undefined, { bearer });
    expect(replay.data.session).toEqual({ isAuthenticated: false });
    expect(replay.extensions?.session).toEqual({ token: null });
  });
});
