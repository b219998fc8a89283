/** The days an order export is asked for: impossible and out-of-range days are refused before a file starts. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from './harness.ts';
import { startShop } from './orders-fixture.ts';
import type { TestSession } from './session-fixture.ts';

const BAD_DAYS = [
  '2026-02-30',
  '2025-02-29',
  '2026-13-01',
  '2026-04-31',
  '9999-12-31',
  '1999-12-31',
  '2026-2-3',
];

describe('order export days', () => {
  let service: TestService, admin: TestSession;

  beforeAll(async () => {
    ({ service, admin } = await startShop());
  });
  afterAll(() => service.close());

  const link = (body: Record<string, string>, language = 'zh-CN') =>
    service.http
      .post('/service/admin/order/export-link')
      .set(admin.headers)
      .set('Accept-Language', language)
      .send(body);
  const download = (query: Record<string, string>, language = 'zh-CN') =>
    service.http
      .get(`/service/admin/order/export?${new URLSearchParams(query)}`)
      .set(admin.headers)
      .set('Accept-Language', language)
      .buffer(true);

  it('refuses an impossible or out-of-range day for the link, naming the field, in both languages', async () => {
    for (const field of ['from', 'to']) {
      for (const day of BAD_DAYS) {
        const res = await link({ [field]: day });
        expect(res.status, `${field}=${day}`).toBe(400);
        expect(res.body, `${field}=${day}`).toMatchObject({
          success: false,
          message: 'excel.badDay',
          data: { fields: { [field]: 'excel.badDay' } },
        });
      }
    }
    expect((await link({ to: '9999-12-31' })).body.alterMsg).toBe(
      '结束日期 须为 2000-01-01 至 2099-12-31 之间的日期，格式如 2026-03-05',
    );
    expect((await link({ from: '2026-02-30' }, 'en-GB')).body.alterMsg).toBe(
      'From must be a date between 2000-01-01 and 2099-12-31, written like 2026-03-05',
    );
  });

  it('refuses the same days at the download with an answer, before any spreadsheet header', async () => {
    for (const field of ['from', 'to']) {
      for (const day of BAD_DAYS) {
        const res = await download({ [field]: day });
        expect(res.status, `${field}=${day}`).toBe(400);
        expect(res.headers['content-type'], `${field}=${day}`).toMatch(/^application\/json/);
        expect(res.headers['content-disposition']).toBeUndefined();
        expect(JSON.parse(res.text), `${field}=${day}`).toMatchObject({
          success: false,
          message: 'excel.badDay',
          data: { fields: { [field]: 'excel.badDay' } },
        });
      }
    }
    expect(JSON.parse((await download({ to: '9999-12-31' }, 'en-GB')).text).alterMsg).toBe(
      'To must be a date between 2000-01-01 and 2099-12-31, written like 2026-03-05',
    );
  });

  it('accepts the first and last days of the range and a leap day, and the file is whole', async () => {
    const days = { from: '2000-01-01', to: '2099-12-31' };
    const res = await link(days);
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true });
    expect((await link({ from: '2024-02-29', to: '2024-02-29' })).body.success).toBe(true);
    const file = await download(days).parse((stream, done) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toMatch(/spreadsheetml/);
    // A whole zip ends with its end-of-central-directory record (PK\5\6, 22 bytes without a comment).
    const body = file.body as Buffer;
    expect(body.subarray(body.length - 22, body.length - 18)).toEqual(Buffer.from([0x50, 0x4b, 5, 6]));
  });
});
