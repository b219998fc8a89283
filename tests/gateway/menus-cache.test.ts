// biome-ignore-all lint/suspicious/noExplicitAny: GraphQL answers are asserted field by field
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayHarness, startGatewayHarness } from './harness.ts';

const LOGIN = 'mutation($input: LoginInput!) { login(input: $input) { viewer { id } } }';
const MENUS = '{ resources { buttons menus { id routerPath children { id routerPath } } } }';
const RESOURCE_CALL = 'GET /service/account/resource';

/** Every menu id of a tree, depth first. */
const ids = (menus: any[]): string[] => menus.flatMap((menu) => [menu.id, ...ids(menu.children ?? [])]);

describe('gateway: menus and buttons kept per session', () => {
  let h: GatewayHarness;
  const BOUND_SECONDS = 1;

  beforeAll(async () => {
    h = await startGatewayHarness({ gatewayEnv: { GATEWAY_RESOURCES_MAX_AGE: String(BOUND_SECONDS) } });
  });
  afterAll(async () => {
    await h?.close();
  });

  const signIn = async (account: string, password: string) => {
    const jar = h.jar();
    const login = await h.gql<any>(LOGIN, { input: { account, password } }, { jar });
    expect(login.errors).toBeUndefined();
    return jar;
  };

  it("answers a session's second read from the cache, and never with another session's menus", async () => {
    const shopper = await signIn('demo', 'demo123');
    const admin = await signIn('admin', 'admin123');
    h.resetServiceLog();

    const first = await h.gql<any>(MENUS, undefined, { jar: shopper });
    expect(first.errors).toBeUndefined();
    const again = await h.gql<any>(MENUS, undefined, { jar: shopper });
    expect(again.data).toEqual(first.data);
    expect(h.serviceCalls(RESOURCE_CALL)).toBe(1);
    // Kept by the gateway for this session only: a browser, whose cache knows no login, keeps nothing.
    expect(first.headers['cache-control']).toBe('no-store');
    expect(again.headers['cache-control']).toBe('no-store');

    // The same operation for the admin right after: their own (larger) tree, from the service.
    const theirs = await h.gql<any>(MENUS, undefined, { jar: admin });
    expect(theirs.errors).toBeUndefined();
    expect(h.serviceCalls(RESOURCE_CALL)).toBe(2);
    expect(ids(theirs.data.resources.menus).length).toBeGreaterThan(ids(first.data.resources.menus).length);
    expect(theirs.data.resources.buttons).not.toEqual(first.data.resources.buttons);

    // A second login of the same shopper is another session: it does not read the first one's entry.
    const otherLogin = await signIn('demo', 'demo123');
    h.resetServiceLog();
    const fresh = await h.gql<any>(MENUS, undefined, { jar: otherLogin });
    expect(fresh.data).toEqual(first.data);
    expect(h.serviceCalls(RESOURCE_CALL)).toBe(1);

    // Nobody signed in: refused, whatever the cache holds.
    const anonymous = await h.gql<any>(MENUS);
    expect(anonymous.data?.resources ?? null).toBeNull();
    expect(anonymous.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('shows a change of the menus within the bound', async () => {
    const shopper = await signIn('demo', 'demo123');
    const before = await h.gql<any>(MENUS, undefined, { jar: shopper });
    const shown = ids(before.data.resources.menus);
    // A top-level shopper menu the administrator switches off.
    const hidden = before.data.resources.menus.at(-1).id as string;
    const rowId = Number(String(hidden).replace(/^MenuItem:/, ''));
    expect(Number.isInteger(rowId)).toBe(true);
    const db = h.service.ctx.db;
    await db.updateTable('menus').set({ is_enabled: 0 }).where('id', '=', rowId).execute();
    try {
      const soon = await h.gql<any>(MENUS, undefined, { jar: shopper });
      expect(ids(soon.data.resources.menus)).toEqual(shown);
      h.cacheClock.advance(BOUND_SECONDS * 1000 + 300);
      const later = await h.gql<any>(MENUS, undefined, { jar: shopper });
      expect(later.errors).toBeUndefined();
      expect(ids(later.data.resources.menus)).not.toContain(hidden);
      expect(ids(later.data.resources.menus).length).toBeLessThan(shown.length);
    } finally {
      await db.updateTable('menus').set({ is_enabled: 1 }).where('id', '=', rowId).execute();
    }
  });
});
