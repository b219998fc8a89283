import { chooseLocale } from '@shop/common/locale.ts';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { requireUser } from '../../service/src/http/auth.ts';
import { errorHandler, ok } from '../../service/src/http/envelope.ts';
import { requirePermission } from '../../service/src/http/permissions.ts';
import { bearer, login, newShopper, startTestService, type TestService } from './harness.ts';

describe('requirePermission', () => {
  let service: TestService;
  let probe: ReturnType<typeof request>;

  beforeAll(async () => {
    service = await startTestService();
    // A route guarded the way the back office's routes are, on the real context and database.
    const app = express();
    app.use((req, _res, next) => {
      req.locale = chooseLocale(undefined, req.get('accept-language'));
      req.log = service.ctx.log;
      next();
    });
    app.get('/edit', requireUser(service.ctx), requirePermission('product:edit'), (req, res) =>
      ok(req, res, 'edited'),
    );
    app.get(
      '/edit-and-stock',
      requireUser(service.ctx),
      requirePermission('product:edit'),
      requirePermission('stock:adjust'),
      (req, res) => ok(req, res, 'both'),
    );
    app.use(errorHandler);
    probe = request(app);
  });
  afterAll(() => service.close());

  const setEnabled = (routerName: string, value: 0 | 1) =>
    service.ctx.db
      .updateTable('menus')
      .set({ is_enabled: value })
      .where('router_name', '=', routerName)
      .execute();

  it('refuses a shopper with 无访问权限, in the caller’s language', async () => {
    const shopper = await newShopper(service);
    const zh = await probe.get('/edit').set(bearer(shopper));
    expect(zh.status).toBe(403);
    expect(zh.body).toMatchObject({ success: false, data: null, alterMsg: '无访问权限', type: 3 });
    const en = await probe.get('/edit').set(bearer(shopper)).set('Accept-Language', 'en-GB');
    expect(en.status).toBe(403);
    expect(en.body.alterMsg).toBe('No access permission');
  });

  it('lets the admin through, however many permissions a route checks', async () => {
    const admin = await login(service, 'admin', 'admin123');
    const one = await probe.get('/edit').set(bearer(admin));
    expect(one.status).toBe(200);
    expect(one.body.data).toBe('edited');
    const two = await probe.get('/edit-and-stock').set(bearer(admin));
    expect(two.body.data).toBe('both');
  });

  it('needs a token', async () => {
    expect((await probe.get('/edit')).status).toBe(401);
  });

  it('follows the menus: a disabled button, or its disabled screen, takes the permission away', async () => {
    const admin = await login(service, 'admin', 'admin123');
    await setEnabled('AdminProductsEdit', 0);
    try {
      expect((await probe.get('/edit').set(bearer(admin))).status).toBe(403);
    } finally {
      await setEnabled('AdminProductsEdit', 1);
    }
    await setEnabled('AdminProducts', 0);
    try {
      expect((await probe.get('/edit').set(bearer(admin))).status).toBe(403);
    } finally {
      await setEnabled('AdminProducts', 1);
    }
    expect((await probe.get('/edit').set(bearer(admin))).status).toBe(200);
  });
  it('guards the order and refund screens by their own buttons', async () => {
    const admin = await login(service, 'admin', 'admin123');
    const calls = [
      ['AdminOrdersView', () => service.http.get('/service/admin/order/page')],
      ['AdminOrdersView', () => service.http.get('/service/admin/order/1')],
      ['AdminOrdersShip', () => service.http.post('/service/admin/order/1/ship')],
      ['AdminRefundsView', () => service.http.get('/service/admin/refund/page')],
      [
        'AdminRefundsReview',
        () => service.http.post('/service/admin/refund/1/review').send({ approve: true }),
      ],
    ] as const;
    for (const [button, call] of calls) {
      await setEnabled(button, 0);
      try {
        const refused = await call().set(bearer(admin));
        expect(refused.status, button).toBe(403);
        expect(refused.body.alterMsg).toBe('无访问权限');
      } finally {
        await setEnabled(button, 1);
      }
      // With the button back the call passes the check (to a 404 for an order that does not exist).
      expect((await call().set(bearer(admin))).status, button).not.toBe(403);
    }
  });
  it('checks a token once however many routers guard the request', async () => {
    const admin = await login(service, 'admin', 'admin123');
    const verify = vi.spyOn(service.ctx.tokens, 'verify');
    try {
      // The order screens' router guards all of /admin before the products' router does.
      const res = await service.http.get('/service/admin/product/page').set(bearer(admin));
      expect(res.status).toBe(200);
      expect(verify).toHaveBeenCalledTimes(1);
    } finally {
      verify.mockRestore();
    }
  });
});
