import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../service/src/db/migrate.ts';
import type { Database } from '../../service/src/db/types.ts';
import { orderViews } from '../../service/src/modules/orders/views.ts';
import { withDatabase } from './scratch-database.ts';

const at = '2024-01-02T03:00:00.000Z';

describe('migration 016_order_shipment', () => {
  it('keeps orders shipped before it: no courier, no waybill, shown without a shipment', async () => {
    await withDatabase(async (database) => {
      const db = database.db as unknown as Kysely<Database>;
      await migrateToLatest(database.db as never, database.dialect, '014_cart_added_price');
      // Written as the tables were before 016 (raw SQL: the typed tables have its columns).
      await sql`INSERT INTO users (username, phone, password_hash, created_at, updated_at)
        VALUES ('old', '13900000000', 'x', ${at}, ${at})`.execute(db);
      const user = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
      await sql`INSERT INTO orders (order_no, user_id, status, payment_status, payment_method, request_id,
          total_quantity, product_amount, payable_amount, paid_amount, recipient, phone, city,
          address_detail, payment_deadline, paid_at, shipped_at, created_at, updated_at)
        VALUES ('SO-OLD-1', ${user.id}, 2, 1, 'lpay', 'r1', 1, 1000, 1000, 1000, '张三', '13900000000',
          '广东省 深圳市', '1 号', ${at}, ${at}, ${at}, ${at}, ${at})`.execute(db);

      await migrateToLatest(database.db as never, database.dialect);
      const row = await db.selectFrom('orders').selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 2, shipped_at: at, courier_code: null, waybill_no: null });
      const [view] = await orderViews(db, [row], 'zh-CN', new Date(at));
      expect(view).toMatchObject({ status: 2, shippedAt: at, shipment: null });
      expect(view.actions).toMatchObject({ canReceive: true, canShip: false });
    });
  });
});
