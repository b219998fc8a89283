import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productRow } from '../../service/src/modules/catalogue/product-row.ts';
import {
  goodRow,
  legacyXls,
  manyRows,
  type ProductCells,
  paddedSheet,
  peakMemoryGrowth,
  productSheet,
  unzipParts,
  upload,
  workbookWithSheet,
} from './excel-fixture.ts';
import { rowCount, type TestService } from './harness.ts';
import { addProduct, orderInStatus, type Shopper, startShop } from './orders-fixture.ts';
import type { TestSession } from './session-fixture.ts';

/** Collects a binary answer (supertest leaves an .xlsx body unparsed). */
const binary = (res: unknown, done: (error: Error | null, body: Buffer) => void) => {
  const stream = res as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
};

const readWorkbook = async (bytes: Buffer) => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
};

describe('products from excel files', () => {
  let service: TestService, buyer: Shopper, admin: TestSession;
  let category: { id: number; slug: string; name: string };

  beforeAll(async () => {
    ({ service, buyer, admin } = await startShop());
    const row = await service.ctx.db
      .insertInto('categories')
      .values({
        parent_id: null,
        name: '导入分类',
        name_en: 'Imports',
        card_name: 'imports',
        icon: '',
        sort: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    category = { id: row.id, slug: 'imports', name: '导入分类' };
  });
  afterAll(() => service.close());

  const runImport = (fullfilename: string, dryRun: boolean, language = 'zh-CN') =>
    service.http
      .post('/service/admin/product/import')
      .set(admin.headers)
      .set('Accept-Language', language)
      .send({ fullfilename, dryRun });

  const imported = () =>
    service.ctx.db
      .selectFrom('products')
      .selectAll()
      .where('category_id', '=', category.id)
      .orderBy('id')
      .execute();

  it('refuses every excel route to shoppers (403) and visitors (401)', async () => {
    const routes: [string, string][] = [
      ['get', '/service/admin/product/import-template'],
      ['post', '/service/admin/product/import'],
      ['get', '/service/admin/product/export'],
      ['get', '/service/admin/order/export'],
    ];
    for (const [method, path] of routes) {
      const asShopper = await (method === 'get'
        ? service.http.get(path)
        : service.http.post(path).send({})
      ).set(buyer.headers);
      expect(asShopper.status, path).toBe(403);
      expect(asShopper.body).toMatchObject({ success: false, alterMsg: '无访问权限' });
      const anonymous = await (method === 'get' ? service.http.get(path) : service.http.post(path));
      expect(anonymous.status, path).toBe(401);
    }
  });

  it('offers a template with both languages in the header, an example row and drop-down lists', async () => {
    const res = await service.http
      .get('/service/admin/product/import-template')
      .set(admin.headers)
      .buffer(true)
      .parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const workbook = await readWorkbook(res.body);
    const sheet = workbook.worksheets[0];
    expect(sheet.getCell('A1').value).toBe('商品名称（中文）\nName (Chinese)');
    expect(sheet.getCell('F1').value).toBe('售价（元）\nPrice (yuan)');
    expect(sheet.getCell('A2').value).toBe('示例商品 保温杯 500ml');
    expect(sheet.getCell('F2').value).toBe(59);
    expect(sheet.getCell('F2').numFmt).toBe('0.00');
    const validations = (
      sheet as unknown as { dataValidations: { model: Record<string, ExcelJS.DataValidation> } }
    ).dataValidations.model;
    // One rule a column over every row an import may have (exceljs reads a range back cell by cell).
    for (const cell of ['E2', 'E10001']) {
      expect(validations[cell]).toMatchObject({
        type: 'list',
        formulae: [expect.stringContaining('Categories')],
      });
    }
    for (const cell of ['I2', 'J500', 'K10001']) {
      expect(validations[cell]).toMatchObject({ type: 'list', formulae: ['"是,否,Yes,No"'] });
    }
    expect(validations.E10002).toBeUndefined();
    const categories = workbook.getWorksheet('Categories')!;
    const listed = categories.getColumn(1).values.slice(2);
    expect(listed).toContain(category.name);
    expect(String(sheet.getCell('E2').value)).toBe(categories.getCell('A2').value);

    // The template as downloaded, example row and all, passes a dry run.
    const check = await runImport(await upload(service, admin, res.body, 'template.xlsx'), true);
    expect(check.body).toMatchObject({
      success: true,
      data: { dryRun: true, total: 1, valid: 1, problems: [] },
    });
  });

  it('reports every bad row by row and column in the admin’s language and writes nothing, then imports the fixed file', async () => {
    const rows: ProductCells[] = Array.from({ length: 500 }, (_, n) => goodRow(n + 1, category.slug));
    const bad = rows.map((row) => ({ ...row }));
    bad[9] = { ...bad[9], price: 'abc' }; // sheet row 11, column F
    bad[199] = { ...bad[199], nameZh: '' }; // sheet row 201, column A
    bad[449] = { ...bad[449], categoryId: 'no-such-category', isHot: 'maybe' }; // row 451, E and I
    const badFile = await upload(service, admin, await productSheet(bad));
    const before = {
      products: await rowCount(service, 'products'),
      history: await rowCount(service, 'product_history'),
    };

    const dry = await runImport(badFile, true, 'en-GB');
    expect(dry.body.success).toBe(true);
    expect(dry.body.type).toBe(3);
    expect(dry.body.data).toMatchObject({ dryRun: true, total: 500, valid: 497, imported: 0 });
    expect(dry.body.data.problems).toEqual([
      {
        row: 11,
        column: 'F',
        columnTitle: 'Price (yuan)',
        field: 'price',
        message: expect.stringContaining('Price (yuan) must be an amount in yuan'),
      },
      {
        row: 201,
        column: 'A',
        columnTitle: 'Name (Chinese)',
        field: 'nameZh',
        message: 'Name (Chinese) cannot be empty',
      },
      {
        row: 451,
        column: 'E',
        columnTitle: 'Category',
        field: 'categoryId',
        message: expect.stringContaining('Category does not exist'),
      },
      { row: 451, column: 'I', columnTitle: 'Hot', field: 'isHot', message: 'Hot must be Yes or No' },
    ]);
    const inChinese = await runImport(badFile, true, 'zh-CN');
    expect(inChinese.body.data.problems[1]).toMatchObject({
      row: 201,
      columnTitle: '商品名称（中文）',
      message: '商品名称（中文） 不能为空',
    });

    // The real import refuses the whole file while any row is bad.
    const refused = await runImport(badFile, false);
    expect(refused.body).toMatchObject({
      success: true,
      type: 3,
      data: { dryRun: false, imported: 0, productIds: [] },
    });
    expect(refused.body.alterMsg).toBe('有 4 处错误，请修改后重新上传，未导入任何商品');
    expect(await rowCount(service, 'products')).toBe(before.products);
    expect(await rowCount(service, 'product_history')).toBe(before.history);

    const fixedFile = await upload(service, admin, await productSheet(rows));
    const check = await runImport(fixedFile, true);
    expect(check.body.data).toMatchObject({ total: 500, valid: 500, imported: 0, problems: [] });
    expect(await rowCount(service, 'products')).toBe(before.products);
    const done = await runImport(fixedFile, false, 'en-GB');
    expect(done.body).toMatchObject({
      success: true,
      alterMsg: '500 products imported',
      data: { imported: 500 },
    });
    const products = await imported();
    expect(products).toHaveLength(500);
    expect(products.map((p) => p.id)).toEqual(done.body.data.productIds);
    expect(products[0]).toMatchObject({
      name: '导入商品 1',
      name_en: 'Imported product 1',
      price: 1150,
      original_price: 20_000,
      stock: 1,
      is_hot: 1,
      is_new: 1,
      on_shelf: 1,
      version: 1,
    });
    const history = await service.ctx.db
      .selectFrom('product_history')
      .select(['product_id', 'kind', 'actor_account'])
      .where('product_id', 'in', done.body.data.productIds)
      .execute();
    expect(history).toHaveLength(500);
    expect(history.every((entry) => entry.kind === 'imported' && entry.actor_account === 'admin')).toBe(true);
  });

  it('checks rows with the product rules the editor uses', async () => {
    const file = await upload(
      service,
      admin,
      await productSheet([
        { ...goodRow(1, category.slug), price: 0 },
        { ...goodRow(2, category.slug), price: 20, originalPrice: 5 },
        { ...goodRow(3, category.slug), nameZh: '长'.repeat(61) },
        { ...goodRow(4, category.slug), categoryId: String(category.id) },
      ]),
    );
    const res = await runImport(file, true, 'en-GB');
    // The whole body, so that an import refused outright shows why.
    expect(res.body).toMatchObject({ data: { total: 4, valid: 1 } });
    expect(
      res.body.data.problems.map((p: { row: number; field: string; message: string }) => [
        p.row,
        p.field,
        p.message,
      ]),
    ).toEqual([
      [2, 'price', 'Price (yuan) must be between 0.01 and 999999.99 yuan, with at most two decimals'],
      [3, 'originalPrice', 'Original price (yuan) cannot be lower than the price'],
      [4, 'nameZh', expect.stringContaining('Name (Chinese)')],
    ]);
  });

  it('refuses an old .xls, someone else’s upload and a formula, saying why in both languages', async () => {
    const xls = await upload(service, admin, legacyXls(), 'old.xls');
    const zh = await runImport(xls, true, 'zh-CN');
    expect(zh.status).toBe(400);
    expect(zh.body.alterMsg).toBe('不支持旧版 .xls 表格，请在 Excel 中另存为 .xlsx 后再上传');
    const en = await runImport(xls, true, 'en-GB');
    expect(en.body.alterMsg).toContain('Old .xls spreadsheets cannot be read');

    const theirs = await upload(service, buyer, await productSheet([goodRow(1, category.slug)]));
    expect((await runImport(theirs, true)).status).toBe(404);

    const formula = await upload(
      service,
      admin,
      await productSheet([{ ...goodRow(1, category.slug), stock: { formula: '1+1' } }]),
    );
    const res = await runImport(formula, true, 'en-GB');
    expect(res.body.data.problems).toEqual([
      expect.objectContaining({ row: 2, column: 'H', message: 'Stock holds a formula; paste it as a value' }),
    ]);
  });

  it('refuses a zip bomb before unpacking it, whether its sizes are honest or not, within bounded memory', async () => {
    const honest = await upload(
      service,
      admin,
      await workbookWithSheet(() => paddedSheet(200 * 1024 * 1024)),
    );
    const lying = await upload(
      service,
      admin,
      await workbookWithSheet(() => paddedSheet(200 * 1024 * 1024), 4096),
    );
    let answers: { status: number; body: { message: string } }[] = [];
    const growth = await peakMemoryGrowth(async () => {
      answers = [await runImport(honest, true), await runImport(lying, true)];
    });
    expect(answers[0]).toMatchObject({ status: 400, body: { message: 'excel.tooLargeUnpacked' } });
    expect(answers[1]).toMatchObject({ status: 400, body: { message: 'excel.unreadable' } });
    expect(growth).toBeLessThan(64 * 1024 * 1024);
  }, 60_000);

  it('refuses a sheet of a million rows after reading ten thousand, within bounded memory', async () => {
    const million = await upload(service, admin, await workbookWithSheet(() => manyRows(1_000_000)));
    let answer: { status: number; body: { alterMsg: string } } | undefined;
    const growth = await peakMemoryGrowth(async () => {
      answer = await runImport(million, true, 'en-GB');
    });
    // The body on its own, so that a refusal for another reason shows which.
    expect(answer?.body).toMatchObject({
      alterMsg: 'At most 10000 product rows can be imported at once; split the spreadsheet',
    });
    expect(answer?.status).toBe(400);
    expect(growth).toBeLessThan(64 * 1024 * 1024);
  }, 60_000);

  it('exports products with yuan amounts and formula-looking texts kept as text', async () => {
    const at = service.ctx.now().toISOString();
    const tricky = ['=SUM(1+1)', '+86 123', '-5 off', '@cmd'];
    const ids: number[] = [];
    for (const name of tricky) {
      const row = await service.ctx.db
        .insertInto('products')
        .values(
          productRow({
            category_id: category.id,
            name,
            name_en: name,
            price: 123_456,
            original_price: 150_000,
            stock: 7,
            listed_at: at,
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    const res = await service.http
      .get('/service/admin/product/export')
      .set(admin.headers)
      .set('Accept-Language', 'en-GB')
      .buffer(true)
      .parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('products.xlsx');
    const sheet = (await readWorkbook(res.body)).worksheets[0];
    expect(sheet.getRow(1).values).toEqual(
      expect.arrayContaining(['ID', 'Name (Chinese)', 'Price (yuan)', 'Last changed']),
    );
    const byId = new Map<number, ExcelJS.Row>();
    sheet.eachRow((row, number) => {
      if (number > 1) byId.set(Number(row.getCell(1).value), row);
    });
    expect(byId.size).toBe(await rowCount(service, 'products'));
    for (const [index, id] of ids.entries()) {
      const row = byId.get(id)!;
      const name = row.getCell(2);
      expect(name.type).toBe(ExcelJS.ValueType.String);
      expect(name.value).toBe(tricky[index]);
      expect(name.formula).toBeUndefined();
      expect(row.getCell(7).value).toBe(1234.56);
      expect(row.getCell(7).numFmt).toBe('0.00');
      expect(row.getCell(8).value).toBe(1500);
      expect(row.getCell(9).value).toBe(7);
      expect(row.getCell(15).value).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    }
    // No cell of the sheet is a formula.
    const xml = (await unzipParts(res.body)).get('xl/worksheets/sheet1.xml')!.toString();
    expect(xml).not.toContain('<f>');
    expect(xml).not.toContain('<f ');
  });

  it('exports the orders of a date range and a status, times in the shop’s zone', async () => {
    const productId = await addProduct(service, { price: 9_990 });
    const paid = await orderInStatus(service, buyer, admin, 1, productId);
    const pending = await orderInStatus(service, buyer, admin, 0, productId);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(service.ctx.now());
    const exportOf = (query: string) =>
      service.http.get(`/service/admin/order/export?${query}`).set(admin.headers).buffer(true).parse(binary);
    const orderNos = async (query: string) => {
      const sheet = (await readWorkbook((await exportOf(query)).body)).worksheets[0];
      return sheet.getColumn(1).values.slice(2).map(String);
    };
    const numberOf = async (id: number) =>
      (
        await service.ctx.db
          .selectFrom('orders')
          .select('order_no')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).order_no;
    const [paidNo, pendingNo] = [await numberOf(paid), await numberOf(pending)];

    const res = await exportOf(`from=${today}&to=${today}&status=1`);
    expect(res.status).toBe(200);
    const sheet = (await readWorkbook(res.body)).worksheets[0];
    expect(sheet.getCell('A1').value).toBe('订单号');
    const row = sheet.getRow(2);
    expect(row.getCell(1).value).toBe(paidNo);
    expect(row.getCell(3).value).toBe('待发货');
    expect(row.getCell(6).value).toContain('× 1');
    expect(row.getCell(8).value).toBe(99.9);
    expect(row.getCell(8).numFmt).toBe('0.00');
    const placed = await service.ctx.db
      .selectFrom('orders')
      .select('created_at')
      .where('id', '=', paid)
      .executeTakeFirstOrThrow();
    const shopTime = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Asia/Shanghai',
      dateStyle: 'short',
      timeStyle: 'medium',
    }).format(new Date(placed.created_at));
    expect(row.getCell(16).value).toBe(shopTime);

    expect(await orderNos(`from=${today}&to=${today}&status=1`)).not.toContain(pendingNo);
    expect(await orderNos(`from=${today}&to=${today}`)).toEqual(expect.arrayContaining([paidNo, pendingNo]));
    expect(await orderNos('from=2001-01-01&to=2001-01-31')).toEqual([]);
    const backwards = await service.http
      .get(`/service/admin/order/export?from=${today}&to=2001-01-01`)
      .set(admin.headers);
    expect(backwards.status).toBe(400);
  });
});
