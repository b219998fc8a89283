import type { ApolloClient } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AdminProductCategoriesDocument,
  AdminProductEditorDocument,
  AdminProductPermissionsDocument,
  AdminProductsDocument,
  CreateProductDocument,
  ProductForm_ProductFragmentDoc,
  UpdateProductDocument,
} from '../../web/src/__generated__/graphql.ts';
import AdminProductEditorPage from '../../web/src/pages/admin/products/AdminProductEditorPage.tsx';
import AdminProductsPage from '../../web/src/pages/admin/products/AdminProductsPage.tsx';
import { buttonsMock, page } from './menu-fixtures.ts';
import { Providers, renderWithProviders } from './render.tsx';
import { renderInAct, withRouteBoundary } from './route-screen.tsx';

afterEach(() => vi.restoreAllMocks());

const forever = Number.POSITIVE_INFINITY;
const signedIn = { isAuthenticated: true, viewer: { id: '1', account: 'admin', isAdmin: true } };
const EDITOR = ['product:view', 'product:edit', 'stock:adjust'];
/** `viewer.backOffice` as the gateway answers it for the admin (`edit`) or a viewer only. */
const permissionsMock = (edit: boolean) => ({
  request: { query: AdminProductPermissionsDocument },
  maxUsageCount: forever,
  result: {
    data: {
      viewer: {
        __typename: 'Viewer',
        id: '1',
        backOffice: { __typename: 'BackOfficePermissions', canEditProducts: edit, canAdjustStock: edit },
      },
    },
  },
});
const money = (fen: number) => ({ __typename: 'Money' as const, fen, currency: 'CNY' });

const categoriesMock = {
  request: { query: AdminProductCategoriesDocument },
  maxUsageCount: forever,
  result: {
    data: {
      categories: [
        {
          __typename: 'Category',
          id: '1',
          name: '数码',
          children: [{ __typename: 'Category', id: '11', name: '耳机' }],
        },
        { __typename: 'Category', id: '2', name: '家居', children: [] },
      ],
    },
  },
};

/** A product as the list and the editor select it. */
function adminProduct(id: string, overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'AdminProduct' as const,
    id,
    version: 3,
    nameZh: `保温杯${id}`,
    nameEn: `Flask ${id}`,
    descriptionZh: '不锈钢',
    descriptionEn: 'Steel',
    categoryId: '2',
    category: { __typename: 'Category' as const, id: '2', name: '家居' },
    price: money(9950),
    originalPrice: null,
    stock: 12,
    isHot: false,
    isNew: true,
    onShelf: true,
    withdrawn: false,
    shelf: 'ON',
    updatedAt: '2026-11-23T08:00:00.000Z',
    history: [
      {
        __typename: 'ProductChange' as const,
        id: `h${id}`,
        version: 3,
        kind: 'UPDATED',
        actor: { __typename: 'ProductChangeActor' as const, id: '1', account: 'admin' },
        at: '2026-11-23T08:00:00.000Z',
        changes: [
          { __typename: 'ProductFieldChange' as const, field: 'price', before: '89.00', after: '99.50' },
        ],
      },
    ],
    ...overrides,
  };
}

const listRow = (product: ReturnType<typeof adminProduct>) => {
  const {
    descriptionZh,
    descriptionEn,
    categoryId,
    originalPrice,
    isHot,
    isNew,
    onShelf,
    withdrawn,
    history,
    ...row
  } = product;
  return row;
};

const listMock = (
  records: ReturnType<typeof adminProduct>[],
  match: (variables: Record<string, unknown>) => boolean = () => true,
) => ({
  request: { query: AdminProductsDocument, variables: match },
  maxUsageCount: forever,
  result: { data: { adminProducts: page('AdminProductPage', records.map(listRow)) } },
});

const editorMock = (product: ReturnType<typeof adminProduct>, times = 1) => ({
  request: { query: AdminProductEditorDocument, variables: { id: product.id } },
  maxUsageCount: times,
  result: { data: { adminProduct: product } },
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderList(mocks: unknown[], route = '/admin/products', locale: 'zh-CN' | 'en-GB' = 'zh-CN') {
  return renderInAct(() =>
    renderWithProviders(
      <>
        {withRouteBoundary(<AdminProductsPage />, 'list')}
        <Where />
      </>,
      { route, mocks: mocks as never, session: signedIn, locale },
    ),
  );
}

let client: ApolloClient | null = null;
/** Keeps the rendered app's Apollo client, to change its cache as another screen would. */
function GrabClient() {
  client = useApolloClient();
  return null;
}

/** The editor at `route`, with the list at /admin/products to leave to. */
function renderEditor(mocks: unknown[], route: string, locale: 'zh-CN' | 'en-GB' = 'zh-CN') {
  const router = createMemoryRouter(
    [
      {
        path: '/admin/products/:productId',
        element: (
          <>
            {withRouteBoundary(<AdminProductEditorPage />, 'detail')}
            <Where />
            <GrabClient />
          </>
        ),
      },
      { path: '/admin/products', element: <h1>list</h1> },
    ],
    { initialEntries: [route] },
  );
  return renderInAct(() =>
    render(
      <Providers mocks={mocks as never} session={signedIn} locale={locale}>
        <RouterProvider router={router} />
      </Providers>,
    ),
  );
}

describe('back office: product list', () => {
  it('lists name, category, price, stock and state, with the actions viewer.backOffice permits', async () => {
    const records = [adminProduct('1'), adminProduct('2', { shelf: 'WITHDRAWN', withdrawn: true })];
    const { unmount } = await renderList([
      buttonsMock(EDITOR),
      permissionsMock(true),
      categoriesMock,
      listMock(records),
    ]);
    const table = await screen.findByRole('table', {}, { timeout: 5000 });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/保温杯1家居¥99\.5012已上架/),
      expect.stringMatching(/保温杯2家居¥99\.5012已停售/),
    ]);
    expect(await within(rows[0]).findByRole('link', { name: '编辑 保温杯1' })).toHaveAttribute(
      'href',
      '/admin/products/1',
    );
    expect(within(rows[0]).getByRole('button', { name: '停售 保温杯1' })).toBeInTheDocument();
    expect(within(rows[1]).getByRole('button', { name: '恢复销售 保温杯2' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '新增商品' })).toHaveAttribute('href', '/admin/products/new');
    unmount();

    await renderList([
      buttonsMock(['product:view']),
      permissionsMock(false),
      categoriesMock,
      listMock(records),
    ]);
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /停售|恢复销售/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /编辑/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '新增商品' })).not.toBeInTheDocument();
  });

  it('needs product:view to list at all', async () => {
    const list = vi.fn(() => ({ data: { adminProducts: page('AdminProductPage', []) } }));
    await renderList([
      buttonsMock(['order:view']),
      permissionsMock(false),
      categoriesMock,
      { request: { query: AdminProductsDocument, variables: () => true }, result: list },
    ]);
    expect(await screen.findByText('您没有查看该列表的权限')).toBeInTheDocument();
    expect(list).not.toHaveBeenCalled();
  });

  it('filters by shelf state, category and name, keeping the filter in the URL (en-GB)', async () => {
    const user = userEvent.setup();
    const asked: unknown[] = [];
    const answer = (records: ReturnType<typeof adminProduct>[]) => (variables: Record<string, unknown>) => {
      asked.push(variables.filter);
      return { data: { adminProducts: page('AdminProductPage', records.map(listRow)) } };
    };
    const mock = (
      match: (filter: Record<string, unknown>) => boolean,
      records: ReturnType<typeof adminProduct>[],
    ) => ({
      request: {
        query: AdminProductsDocument,
        variables: (v: Record<string, unknown>) => match(v.filter as Record<string, unknown>),
      },
      maxUsageCount: forever,
      result: answer(records),
    });
    await renderList(
      [
        buttonsMock(EDITOR),
        permissionsMock(true),
        categoriesMock,
        mock((f) => f.shelf === null && f.categoryId === null && f.keyword === null, [adminProduct('1')]),
        mock(
          (f) => f.shelf === 'WITHDRAWN' && f.categoryId === null,
          [adminProduct('2', { shelf: 'WITHDRAWN', withdrawn: true })],
        ),
        mock((f) => f.shelf === 'WITHDRAWN' && f.categoryId === '11' && f.keyword === null, []),
        mock((f) => f.shelf === null && f.categoryId === '11' && f.keyword === null, [adminProduct('4')]),
        mock((f) => f.categoryId === '11' && f.keyword === 'flask', [adminProduct('3')]),
      ],
      '/admin/products',
      'en-GB',
    );
    expect(await screen.findByText('1 product', {}, { timeout: 5000 })).toBeInTheDocument();
    const shelf = screen.getByRole('combobox', { name: 'Shelf state' });
    expect(
      within(shelf)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All states', 'On the shelf', 'Off the shelf', 'Withdrawn']);
    await act(async () => {
      await user.selectOptions(shelf, 'WITHDRAWN');
    });
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent('/admin/products?shelf=WITHDRAWN'),
    );
    expect(await screen.findByRole('link', { name: 'Flask 2' })).toBeInTheDocument();

    const category = screen.getByRole('combobox', { name: 'Category' });
    expect(
      within(category)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All categories', '数码', '数码 / 耳机', '家居']);
    await act(async () => {
      await user.selectOptions(category, '11');
    });
    expect(await screen.findByText('No products')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('shelf=WITHDRAWN&categoryId=11');

    await act(async () => {
      await user.selectOptions(shelf, '');
    });
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent('/admin/products?categoryId=11'),
    );
    expect(await screen.findByRole('link', { name: 'Flask 4' })).toBeInTheDocument();
    await act(async () => {
      await user.type(screen.getByRole('textbox', { name: 'Product name' }), ' flask ');
      await user.click(screen.getByRole('button', { name: 'Search' }));
    });
    expect(await screen.findByRole('link', { name: 'Flask 3' })).toBeInTheDocument();
    expect(asked.at(-1)).toEqual({ keyword: 'flask', categoryId: '11', shelf: null });
  });
});

describe('back office: product editor', () => {
  it('checks the fields with the shared rules and their messages before sending anything', async () => {
    const user = userEvent.setup();
    const create = vi.fn();
    await renderEditor(
      [
        buttonsMock(EDITOR),
        permissionsMock(true),
        categoriesMock,
        { request: { query: CreateProductDocument, variables: () => true }, result: create },
      ],
      '/admin/products/new',
    );
    await user.click(await screen.findByRole('button', { name: '保存' }));
    expect(await screen.findByText('中文名称 不能为空')).toBeInTheDocument();
    expect(screen.getByText('英文名称 不能为空')).toBeInTheDocument();
    expect(screen.getByText('售价（元） 不能为空')).toBeInTheDocument();
    expect(screen.getByText('库存 不能为空')).toBeInTheDocument();
    // the first invalid field takes the focus
    expect(screen.getByRole('textbox', { name: /中文名称/ })).toHaveFocus();

    await user.type(screen.getByRole('textbox', { name: /中文名称/ }), '保温杯');
    await user.type(screen.getByRole('textbox', { name: /英文名称/ }), 'Flask');
    await user.selectOptions(screen.getByRole('combobox', { name: /商品分类/ }), '2');
    await user.type(screen.getByRole('textbox', { name: /^\*?售价/ }), '12.345');
    await user.type(screen.getByRole('textbox', { name: /原价/ }), '10');
    await user.type(screen.getByRole('textbox', { name: /库存/ }), '-1');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('售价（元） 须为 0.01 至 999999.99 元，最多两位小数')).toBeInTheDocument();
    expect(screen.getByText('库存 须为 0 至 999999 的整数')).toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: /^\*?售价/ }));
    await user.type(screen.getByRole('textbox', { name: /^\*?售价/ }), '12.5');
    await user.clear(screen.getByRole('textbox', { name: /库存/ }));
    await user.type(screen.getByRole('textbox', { name: /库存/ }), '5');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('原价（元） 不能低于售价')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it('creates the product with prices in yuan and opens it for editing', async () => {
    const user = userEvent.setup();
    const created = adminProduct('9', {
      version: 1,
      nameZh: '新杯',
      nameEn: 'New cup',
      price: money(1250),
      stock: 5,
    });
    const create = vi.fn(() => ({
      data: { createProduct: { __typename: 'CreateProductPayload', product: created, userErrors: [] } },
    }));
    await renderEditor(
      [
        buttonsMock(EDITOR),
        permissionsMock(true),
        categoriesMock,
        {
          request: {
            query: CreateProductDocument,
            variables: {
              input: {
                nameZh: '新杯',
                nameEn: 'New cup',
                descriptionZh: '',
                descriptionEn: '',
                categoryId: '11',
                price: '12.50',
                originalPrice: null,
                isHot: true,
                isNew: false,
                onShelf: true,
                stock: 5,
              },
            },
          },
          result: create,
        },
        editorMock(created, forever),
      ],
      '/admin/products/new',
    );
    await user.type(await screen.findByRole('textbox', { name: /中文名称/ }), '新杯');
    await user.type(screen.getByRole('textbox', { name: /英文名称/ }), 'New cup');
    await user.selectOptions(screen.getByRole('combobox', { name: /商品分类/ }), '11');
    await user.type(screen.getByRole('textbox', { name: /^\*?售价/ }), '12.5');
    await user.type(screen.getByRole('textbox', { name: /库存/ }), '5');
    await user.click(screen.getByRole('checkbox', { name: '热门商品' }));
    await act(async () => {
      await user.click(screen.getByRole('button', { name: '保存' }));
    });
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    // no question on the way: what was typed is saved
    // the save, then the editor of the new product (a transition: the form stays until it is in)
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/admin/products/9'), {
      timeout: 5000,
    });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: '编辑商品' })).toBeInTheDocument();
  });

  it('refuses a stale edit with a clear message and reloads the latest version keeping what was typed', async () => {
    const user = userEvent.setup();
    const loaded = adminProduct('7');
    // meanwhile someone else renamed it (version 4)
    const theirs = adminProduct('7', { version: 4, nameZh: '他人改的名字' });
    const saved = adminProduct('7', { version: 5, nameZh: '他人改的名字', price: money(8800) });
    const stale = vi.fn(() => ({
      data: {
        updateProduct: {
          __typename: 'UpdateProductPayload',
          product: null,
          userErrors: [
            {
              __typename: 'UserError',
              code: 'PRODUCT_VERSION_CONFLICT',
              field: null,
              message: '该商品已被他人修改，请刷新后再试',
            },
          ],
        },
      },
    }));
    const save = vi.fn(() => ({
      data: { updateProduct: { __typename: 'UpdateProductPayload', product: saved, userErrors: [] } },
    }));
    await renderEditor(
      [
        buttonsMock(EDITOR),
        permissionsMock(true),
        categoriesMock,
        editorMock(loaded),
        {
          request: {
            query: UpdateProductDocument,
            variables: { input: { id: '7', version: 3, price: '88.00' } },
          },
          result: stale,
        },
        editorMock(theirs),
        {
          request: {
            query: UpdateProductDocument,
            variables: { input: { id: '7', version: 4, price: '88.00' } },
          },
          result: save,
        },
      ],
      '/admin/products/7',
    );
    const price = await screen.findByRole('textbox', { name: /^\*?售价/ });
    expect(price).toHaveValue('99.50');
    // the history: who, when, before → after
    const history = screen.getByRole('region', { name: '修改记录' });
    expect(within(history).getByText(/admin 于/)).toBeInTheDocument();
    expect(within(history).getByText('售价（元）：89.00 → 99.50')).toBeInTheDocument();

    await user.clear(price);
    await user.type(price, '88');
    await user.click(screen.getByRole('button', { name: '保存' }));
    const alert = await screen.findByRole('alert', { name: '该商品已被他人修改' });
    expect(alert).toHaveTextContent('您的修改尚未保存，仍保留在表单中');
    expect(stale).toHaveBeenCalledTimes(1);
    expect(price).toHaveValue('88');

    await act(async () => {
      await user.click(within(alert).getByRole('button', { name: '载入最新版本' }));
    });
    expect(await screen.findByText('中文名称：他人改的名字')).toBeInTheDocument();
    // their change comes into the field left alone; the typed price stays
    expect(screen.getByRole('textbox', { name: /中文名称/ })).toHaveValue('他人改的名字');
    expect(screen.getByRole('textbox', { name: /^\*?售价/ })).toHaveValue('88');
    expect(screen.queryByRole('alert', { name: '该商品已被他人修改' })).not.toBeInTheDocument();

    await act(async () => {
      await user.click(screen.getByRole('button', { name: '保存' }));
    });
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^\*?售价/ })).toHaveValue('88.00'));
  });

  it('asks before leaving with unsaved changes, in the app and when the tab closes', async () => {
    const user = userEvent.setup();
    await renderEditor(
      [buttonsMock(EDITOR), permissionsMock(true), categoriesMock, editorMock(adminProduct('7'))],
      '/admin/products/7',
    );
    const name = await screen.findByRole('textbox', { name: /中文名称/ });
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    // nothing typed: leaving is free
    expect(unload()).toBe(false);

    await user.type(name, '新');
    expect(unload()).toBe(true);
    await user.click(screen.getByRole('link', { name: /返回商品列表/ }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('有尚未保存的修改，确定离开此页吗？');
    await user.click(within(confirm).getByRole('button', { name: '继续编辑' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('where')).toHaveTextContent('/admin/products/7');
    expect(name).toHaveValue('保温杯7新');

    // typed back to what was stored: nothing to lose
    await user.type(name, '{Backspace}');
    expect(unload()).toBe(false);
    await user.type(name, '!');
    fireEvent.click(screen.getByRole('link', { name: /返回商品列表/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '离开' }));
    expect(await screen.findByRole('heading', { name: 'list' })).toBeInTheDocument();
    expect(unload()).toBe(false);
  });

  it('edits against a newer version that changed none of its fields (a photo upload) without a false refusal', async () => {
    const user = userEvent.setup();
    const loaded = adminProduct('7');
    const save = vi.fn(() => ({
      data: {
        updateProduct: {
          __typename: 'UpdateProductPayload',
          product: adminProduct('7', { version: 5, price: money(7700) }),
          userErrors: [],
        },
      },
    }));
    await renderEditor(
      [
        buttonsMock(EDITOR),
        permissionsMock(true),
        categoriesMock,
        editorMock(loaded),
        {
          request: {
            query: UpdateProductDocument,
            variables: { input: { id: '7', version: 4, price: '77.00' } },
          },
          result: save,
        },
      ],
      '/admin/products/7',
    );
    const price = await screen.findByRole('textbox', { name: /^\*?售价/ }, { timeout: 5000 });
    // the photo uploader's answer brings version 4 into the cache, the form's fields unchanged
    act(() => {
      const { history, category, ...fields } = loaded;
      client?.writeFragment({
        id: 'AdminProduct:7',
        fragment: ProductForm_ProductFragmentDoc,
        data: { ...fields, category, version: 4 },
      });
    });
    await user.clear(price);
    await user.type(price, '77');
    await act(async () => {
      await user.click(screen.getByRole('button', { name: '保存' }));
    });
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alert', { name: '该商品已被他人修改' })).not.toBeInTheDocument();
  });
});
