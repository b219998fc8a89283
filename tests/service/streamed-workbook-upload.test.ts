/** A workbook written sheet-first by a streaming writer, larger than what a forward read of its start sees. */
import { fileTypeFromBuffer } from 'file-type';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamedSheet } from './excel-fixture.ts';
import type { TestService } from './harness.ts';
import { startShop } from './orders-fixture.ts';
import type { TestSession } from './session-fixture.ts';

/** How far file-type reads into a zip before it answers plain `zip`. */
const SNIFF_WINDOW = 1024 * 1024;

describe('a streamed workbook over the sniff window', () => {
  let service: TestService, admin: TestSession;

  beforeAll(async () => {
    ({ service, admin } = await startShop());
  });
  afterAll(() => service.close());

  it('is stored as an .xlsx and reaches the import, which refuses it for its rows alone', async () => {
    // One row past the import's limit, each with ~110 bytes that do not compress: ~1.1 MB.
    const bytes = await streamedSheet(10_001, 95);
    expect(bytes.length).toBeGreaterThan(SNIFF_WINDOW);
    // The point of the file: read from the front, it is a zip, not a workbook.
    expect((await fileTypeFromBuffer(bytes))?.ext).toBe('zip');

    const stored = await service.http
      .post('/service/file/uploads')
      .set(admin.headers)
      .attach('file', bytes, 'orders-export.xlsx');
    expect(stored.body, JSON.stringify(stored.body)).toMatchObject({ success: true });
    expect(stored.body.data.fullfilename).toMatch(/\.xlsx$/);

    const checked = await service.http
      .post('/service/admin/product/import')
      .set(admin.headers)
      .set('Accept-Language', 'en-GB')
      .send({ fullfilename: stored.body.data.fullfilename, dryRun: true });
    expect(checked.body).toMatchObject({
      success: false,
      message: 'excel.tooManyRows',
      alterMsg: 'At most 10000 product rows can be imported at once; split the spreadsheet',
    });
    expect(checked.status).toBe(400);
  }, 60_000);

  it('still refuses the same file cut short, whose central directory is gone', async () => {
    const bytes = await streamedSheet(10, 95);
    const res = await service.http
      .post('/service/file/uploads')
      .set(admin.headers)
      .attach('file', bytes.subarray(0, bytes.length - 200), 'cut.xlsx');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: 'files.contentMismatch' });
  });
});
