import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CookieJar, type GatewayHarness, startGatewayHarness } from './harness.ts';

const QUERY = `{ viewer { account backOffice { canEditProducts canAdjustStock canEditCategories
  canEditHomeCards canImportProducts canExportProducts canExportOrders } } }`;

const ALL_GRANTED = {
  canEditProducts: true,
  canAdjustStock: true,
  canEditCategories: true,
  canEditHomeCards: true,
  canImportProducts: true,
  canExportProducts: true,
  canExportOrders: true,
};

describe('viewer.backOffice', () => {
  let h: GatewayHarness;

  async function signIn(account: string, password: string): Promise<CookieJar> {
    const jar = h.jar();
    const res = await h.gql(
      'mutation($input: LoginInput!) { login(input: $input) { sessionToken } }',
      { input: { account, password } },
      { jar },
    );
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    return jar;
  }

  const setEnabled = (routerName: string, value: 0 | 1) =>
    h.service.ctx.db
      .updateTable('menus')
      .set({ is_enabled: value })
      .where('router_name', '=', routerName)
      .execute();

  beforeAll(async () => {
    h = await startGatewayHarness();
  });
  afterAll(() => h?.close());

  it('grants the admin every back-office action the seeded menus hold, in one resources call', async () => {
    const admin = await signIn('admin', 'admin123');
    h.resetServiceLog();
    const res = await h.gql(QUERY, undefined, { jar: admin });
    expect(res.errors).toBeUndefined();
    expect(res.data?.viewer).toEqual({ account: 'admin', backOffice: ALL_GRANTED });
    expect(h.serviceCalls('GET /service/account/resource')).toBe(1);
  });

  it('is null for a shopper and there is no viewer for a visitor', async () => {
    const shopper = await signIn('demo', 'demo123');
    const asShopper = await h.gql(QUERY, undefined, { jar: shopper });
    expect(asShopper.errors).toBeUndefined();
    expect(asShopper.data?.viewer).toEqual({ account: 'demo', backOffice: null });
    const asVisitor = await h.gql(QUERY);
    expect(asVisitor.errors).toBeUndefined();
    expect(asVisitor.data?.viewer).toBeNull();
  });

  it('follows the menus: a disabled button turns its flag off, the others stay', async () => {
    const admin = await signIn('admin', 'admin123');
    await setEnabled('AdminProductsStock', 0);
    await setEnabled('AdminOrdersExport', 0);
    try {
      const res = await h.gql(QUERY, undefined, { jar: admin });
      expect(res.data?.viewer).toEqual({
        account: 'admin',
        backOffice: { ...ALL_GRANTED, canAdjustStock: false, canExportOrders: false },
      });
    } finally {
      await setEnabled('AdminProductsStock', 1);
      await setEnabled('AdminOrdersExport', 1);
    }
  });
});
