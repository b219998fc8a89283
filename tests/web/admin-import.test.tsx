import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImportProductsDocument } from '../../web/src/__generated__/graphql.ts';
import AdminImportPage from '../../web/src/pages/admin/import/AdminImportPage.tsx';
import { buttonsMock } from './menu-fixtures.ts';
import { renderWithProviders } from './render.tsx';
import { renderInAct } from './route-screen.tsx';

afterEach(() => vi.restoreAllMocks());

const signedIn = { isAuthenticated: true, viewer: { id: '1', account: 'admin', isAdmin: true } };
const EXCEL_BUTTONS = ['product:import', 'product:export', 'order:export'];

const report = (overrides: Record<string, unknown>) => ({
  __typename: 'ImportProductsPayload',
  dryRun: true,
  total: 3,
  valid: 3,
  imported: 0,
  productIds: [],
  problems: [],
  userErrors: [],
  ...overrides,
});

const importMock = (dryRun: boolean, payload: Record<string, unknown>) => ({
  request: {
    query: ImportProductsDocument,
    variables: { input: { fullfilename: `${'a'.repeat(32)}.xlsx`, dryRun } },
  },
  result: { data: { importProducts: report({ dryRun, ...payload }) } },
});

const problem = (row: number, column: string, columnTitle: string, message: string) => ({
  __typename: 'ImportRowProblem',
  row,
  column,
  columnTitle,
  field: 'price',
  message,
});

/** The upload proxy answering the stored name, as the files module does. */
function stubUpload() {
  return vi.spyOn(globalThis, 'fetch').mockResolvedValue(
    new Response(
      JSON.stringify({
        success: true,
        data: {
          fullfilename: `${'a'.repeat(32)}.xlsx`,
          url: `/service/file/down?fullfilename=${'a'.repeat(32)}.xlsx`,
        },
      }),
      {
        headers: { 'content-type': 'application/json' },
      },
    ),
  );
}

const sheet = (name = 'products.xlsx') =>
  new File(['xlsx bytes'], name, { type: 'application/octet-stream' });

function renderImport(mocks: unknown[], locale: 'zh-CN' | 'en-GB' = 'zh-CN', buttons = EXCEL_BUTTONS) {
  return renderInAct(() =>
    renderWithProviders(<AdminImportPage />, {
      route: '/admin/import',
      mocks: [buttonsMock(buttons), ...mocks] as never,
      session: signedIn,
      locale,
    }),
  );
}

describe('the import wizard', () => {
  it('checks a sheet, shows every bad cell by row and column, and offers no import until it is fixed', async () => {
    const upload = stubUpload();
    await renderImport(
      [
        importMock(true, {
          total: 500,
          valid: 498,
          problems: [
            problem(
              11,
              'F',
              'Price (yuan)',
              'Price (yuan) must be an amount in yuan with at most two decimals',
            ),
            problem(201, 'A', 'Name (Chinese)', 'Name (Chinese) cannot be empty'),
          ],
        }),
      ],
      'en-GB',
    );
    const user = userEvent.setup();
    expect(
      await screen.findByRole('link', { name: 'Download the product import template (.xlsx)' }),
    ).toHaveAttribute('href', '/service/admin/product/import-template');
    await user.upload(screen.getByLabelText('Spreadsheet (.xlsx)'), sheet());
    await user.click(screen.getByRole('button', { name: 'Upload and check' }));
    expect(await screen.findByText('500 rows: 498 can be imported, 2 problems')).toBeInTheDocument();
    expect(upload).toHaveBeenCalledWith('/service/file/uploads', expect.objectContaining({ method: 'POST' }));
    const table = screen.getByRole('table', { name: 'Cells to fix' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '11F · Price (yuan)Price (yuan) must be an amount in yuan with at most two decimals',
      '201A · Name (Chinese)Name (Chinese) cannot be empty',
    ]);
    expect(screen.queryByRole('button', { name: /^Import/ })).not.toBeInTheDocument();
  });

  it('imports a clean sheet after its dry run, in Chinese', async () => {
    stubUpload();
    await renderImport([
      importMock(true, { total: 3, valid: 3 }),
      importMock(false, { imported: 3, productIds: ['7', '8', '9'] }),
    ]);
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('表格文件（.xlsx）'), sheet());
    await user.click(screen.getByRole('button', { name: '上传并检查' }));
    expect(await screen.findByText('全部 3 行都可以导入')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '导入 3 个商品' }));
    expect(await screen.findByText('已导入 3 个商品')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看商品列表' })).toHaveAttribute('href', '/admin/products');
  });

  it('refuses an old .xls before uploading it and keeps the file chosen', async () => {
    const upload = stubUpload();
    await renderImport([], 'en-GB');
    // The file dialog's "all files" choice: the accept attribute only suggests.
    const user = userEvent.setup({ applyAccept: false });
    const input = (await screen.findByLabelText('Spreadsheet (.xlsx)')) as HTMLInputElement;
    await user.upload(input, sheet('old.xls'));
    await user.click(screen.getByRole('button', { name: 'Upload and check' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only .xlsx spreadsheets can be imported');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input.files?.[0]?.name).toBe('old.xls');
    expect(upload).not.toHaveBeenCalled();
  });

  it('offers the exports by permission, and refuses an order range that ends before it starts or a day out of range', async () => {
    await renderImport([], 'en-GB');
    const user = userEvent.setup();
    expect(await screen.findByRole('link', { name: 'Export every product (.xlsx)' })).toHaveAttribute(
      'href',
      '/service/admin/product/export',
    );
    const form = screen.getByRole('form', { name: 'Export orders' });
    expect(form).toHaveAttribute('action', '/service/admin/order/export');
    await user.type(within(form).getByLabelText('From'), '2026-03-10');
    await user.type(within(form).getByLabelText('To'), '2026-03-01');
    await user.click(within(form).getByRole('button', { name: 'Export orders (.xlsx)' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The last day cannot be before the first',
    );
    expect(within(form).getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');

    // A day the shop does not export is refused at its own field, before the download.
    const to = within(form).getByLabelText('To');
    expect(to).toHaveAttribute('max', '2099-12-31');
    await user.clear(to);
    await user.type(to, '9999-12-31');
    await user.click(within(form).getByRole('button', { name: 'Export orders (.xlsx)' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Days must be between 2000-01-01 and 2099-12-31',
    );
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('From')).not.toHaveAttribute('aria-invalid');
  });

  it('shows neither the wizard nor the exports without their buttons', async () => {
    await renderImport([], 'zh-CN', ['order:view']);
    await waitFor(() => expect(screen.getByText('你没有导入商品的权限')).toBeInTheDocument());
    expect(screen.queryByRole('link', { name: '下载商品导入模板（.xlsx）' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: '导出订单' })).not.toBeInTheDocument();
  });
});
