// biome-ignore-all lint/suspicious/noExplicitAny: GraphQL answers are asserted field by field
/** Excel import and exports through the gateway: the mutations, their user errors, and the session-signed downloads. */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodRow, legacyXls, productSheet } from '../service/excel-fixture.ts';
import { type CookieJar, type GatewayHarness, startGatewayHarness } from './harness.ts';

const LOGIN = 'mutation($input: LoginInput!) { login(input: $input) { sessionToken } }';
const REGISTER =
  'mutation($input: RegisterInput!) { register(input: $input) { viewer { id } userErrors { code } } }';
const IMPORT = `mutation($input: ImportProductsInput!) { importProducts(input: $input) {
  dryRun total valid imported productIds
  problems { row column columnTitle field message }
  userErrors { code field message } } }`;
const EXPORT_ORDERS = `mutation($input: ExportOrdersInput!) { exportOrders(input: $input) {
  download { url filename } userErrors { code field message } } }`;
const EXPORT_PRODUCTS = `mutation($input: ExportProductsInput!) { exportProducts(input: $input) {
  download { url filename } userErrors { code } } }`;

/** Collects a binary answer. */
const binary = (res: unknown, done: (error: Error | null, body: Buffer) => void) => {
  const stream = res as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
};

describe('excel files through the gateway', () => {
  let h: GatewayHarness;
  let admin: CookieJar;
  let shopper: CookieJar;
  let categorySlug: string;

  async function signIn(account: string, password: string) {
    const jar = h.jar();
    const res = await h.gql(LOGIN, { input: { account, password } }, { jar });
    expect(res.errors).toBeUndefined();
    return jar;
  }

  /** Uploads as a browser does: the session cookie and the page's Origin. */
  async function upload(jar: CookieJar, bytes: Buffer, name: string) {
    const res = await h.http
      .post('/service/file/uploads')
      .set('cookie', jar.header())
      .set('origin', h.url)
      .attach('file', bytes, name);
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    return res.body.data.fullfilename as string;
  }

  const download = (path: string, jar?: CookieJar) => {
    const call = h.http.get(path).buffer(true).parse(binary);
    return jar ? call.set('cookie', jar.header()) : call;
  };

  beforeAll(async () => {
    h = await startGatewayHarness({ serviceEnv: { ACCESS_TOKEN_TTL: '15m' } });
    admin = await signIn('admin', 'admin123');
    const registered = await h.gql<any>(REGISTER, {
      input: { username: 'excelshopper', password: 'secret123', phone: '13700001111' },
    });
    expect(registered.data.register.userErrors).toEqual([]);
    shopper = await signIn('excelshopper', 'secret123');
    const category = await h.service.ctx.db
      .selectFrom('categories')
      .select('card_name')
      .where('parent_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    categorySlug = category.card_name;
  });
  afterAll(() => h.close());

  it('checks a sheet, reports its bad rows, then imports the fixed one', async () => {
    const rows = [goodRow(1, categorySlug), { ...goodRow(2, categorySlug), stock: 'many' }];
    const bad = await upload(admin, await productSheet(rows), 'bad.xlsx');
    const dry = await h.gql<any>(
      IMPORT,
      { input: { fullfilename: bad } },
      { jar: admin, headers: { 'accept-language': 'en-GB' } },
    );
    expect(dry.errors).toBeUndefined();
    expect(dry.data.importProducts).toMatchObject({
      dryRun: true,
      total: 2,
      valid: 1,
      imported: 0,
      productIds: [],
      problems: [
        {
          row: 3,
          column: 'H',
          columnTitle: 'Stock',
          field: 'stock',
          message: 'Stock must be a whole number',
        },
      ],
      userErrors: [],
    });
    const refused = await h.gql<any>(IMPORT, { input: { fullfilename: bad, dryRun: false } }, { jar: admin });
    expect(refused.data.importProducts).toMatchObject({ imported: 0, productIds: [] });

    const fixed = await upload(
      admin,
      await productSheet([goodRow(1, categorySlug), goodRow(2, categorySlug)]),
      'ok.xlsx',
    );
    const done = await h.gql<any>(IMPORT, { input: { fullfilename: fixed, dryRun: false } }, { jar: admin });
    expect(done.data.importProducts).toMatchObject({
      dryRun: false,
      total: 2,
      valid: 2,
      imported: 2,
      problems: [],
    });
    const ids = done.data.importProducts.productIds.map(Number);
    const created = await h.service.ctx.db
      .selectFrom('products')
      .select(['id', 'name', 'price'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    expect(created).toEqual([
      { id: ids[0], name: '导入商品 1', price: 1150 },
      { id: ids[1], name: '导入商品 2', price: 1250 },
    ]);
  });

  it('answers a file it cannot read as a user error, and a shopper with FORBIDDEN', async () => {
    const xls = await upload(admin, legacyXls(), 'old.xls');
    const res = await h.gql<any>(
      IMPORT,
      { input: { fullfilename: xls } },
      { jar: admin, headers: { 'accept-language': 'en-GB' } },
    );
    expect(res.data.importProducts.problems).toBeNull();
    expect(res.data.importProducts.userErrors).toEqual([
      expect.objectContaining({
        code: 'EXCEL_XLS_NOT_SUPPORTED',
        message: expect.stringContaining('save the file as .xlsx'),
      }),
    ]);
    const asShopper = await h.gql<any>(IMPORT, { input: { fullfilename: xls } }, { jar: shopper });
    expect(asShopper.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const exportAsShopper = await h.gql<any>(EXPORT_ORDERS, { input: {} }, { jar: shopper });
    expect(exportAsShopper.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('gives export links the session downloads through the gateway, and refuses a backwards range', async () => {
    const backwards = await h.gql<any>(
      EXPORT_ORDERS,
      { input: { from: '2026-02-01', to: '2026-01-01' } },
      { jar: admin },
    );
    expect(backwards.data.exportOrders.download).toBeNull();
    expect(backwards.data.exportOrders.userErrors).toEqual([
      expect.objectContaining({ field: ['input', 'to'] }),
    ]);

    for (const input of [{ to: '9999-12-31' }, { from: '2026-02-30' }]) {
      const impossible = await h.gql<any>(EXPORT_ORDERS, { input }, { jar: admin });
      expect(impossible.data.exportOrders.download, JSON.stringify(input)).toBeNull();
      expect(impossible.data.exportOrders.userErrors).toEqual([
        expect.objectContaining({ code: 'EXCEL_BAD_DAY', field: ['input', Object.keys(input)[0]] }),
      ]);
    }
    const forgedDownload = await download('/service/admin/order/export?to=9999-12-31', admin);
    expect(forgedDownload.status).toBe(400);
    expect(forgedDownload.headers['content-type']).not.toContain('spreadsheetml');

    const orders = await h.gql<any>(
      EXPORT_ORDERS,
      { input: { from: '2026-01-01', to: '2026-12-31', status: 'PAID' } },
      { jar: admin },
    );
    expect(orders.data.exportOrders).toMatchObject({
      download: {
        url: '/service/admin/order/export?from=2026-01-01&to=2026-12-31&status=1',
        filename: 'orders.xlsx',
      },
      userErrors: [],
    });
    const sheet = await download(orders.data.exportOrders.download.url, admin);
    expect(sheet.status).toBe(200);
    expect(sheet.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(sheet.body);
    expect(workbook.worksheets[0].getCell('A1').value).toBe('订单号');

    const products = await h.gql<any>(EXPORT_PRODUCTS, { input: { shelf: 'ON' } }, { jar: admin });
    expect(products.data.exportProducts.userErrors, JSON.stringify(products)).toEqual([]);
    expect(products.data.exportProducts.download.url).toBe('/service/admin/product/export?shelf=on');
    const exported = await download(products.data.exportProducts.download.url, admin);
    const productBook = new ExcelJS.Workbook();
    await productBook.xlsx.load(exported.body);
    const onShelf = await h.service.ctx.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('on_shelf', '=', 1)
      .where('withdrawn_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(productBook.worksheets[0].actualRowCount - 1).toBe(Number(onShelf.n));
  });

  it('downloads the template only with a session that holds the permission', async () => {
    const template = await download('/service/admin/product/import-template', admin);
    expect(template.status).toBe(200);
    expect(template.headers['content-disposition']).toContain('product-import-template.xlsx');
    const anonymous = await h.http.get('/service/admin/product/import-template');
    expect(anonymous.status).toBe(401);
    const asShopper = await h.http
      .get('/service/admin/product/import-template')
      .set('cookie', shopper.header());
    expect(asShopper.status).toBe(403);
    // The rest of the service's back office stays out of reach through the proxy.
    const other = await h.http.get('/service/admin/order/page').set('cookie', admin.header());
    expect(other.status).toBe(404);
  });
});
