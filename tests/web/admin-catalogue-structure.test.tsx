import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AdminCategoriesDocument,
  AdminHomeCardsDocument,
  CreateCategoryDocument,
  DeleteCategoryDocument,
  ReorderCategoriesDocument,
  SetCategoryHiddenDocument,
  UpdateCategoryDocument,
  UpdateHomeCardDocument,
} from '../../web/src/__generated__/graphql.ts';
import AdminCategoriesPage from '../../web/src/pages/admin/categories/AdminCategoriesPage.tsx';
import AdminHomeCardsPage from '../../web/src/pages/admin/home-cards/AdminHomeCardsPage.tsx';
import { buttonsMock } from './menu-fixtures.ts';
import { renderWithProviders } from './render.tsx';
import { renderInAct, withRouteBoundary } from './route-screen.tsx';

afterEach(() => vi.restoreAllMocks());

const forever = Number.POSITIVE_INFINITY;
/** The first paint waits on the screen's chunk, its query and the buttons: a loaded machine takes a while. */
const firstPaint = { timeout: 10_000 };
const signedIn = { isAuthenticated: true, viewer: { id: '1', account: 'admin', isAdmin: true } };
const image = (src: string) => ({
  __typename: 'Image' as const,
  src,
  width: 400,
  height: 400,
  altText: null,
});
const noErrors = [] as never[];

function category(id: string, nameZh: string, nameEn: string, extra: Record<string, unknown> = {}) {
  return {
    __typename: 'AdminCategory' as const,
    id,
    parentId: null as string | null,
    cardName: `slug-${id}`,
    nameZh,
    nameEn,
    sort: Number(id),
    version: 1,
    hasPicture: false,
    productCount: 3,
    hidden: false,
    icon: image(`/service/static/categories/slug-${id}.svg?lang=zh-CN&v=1`),
    ...extra,
  };
}

const tree = () => [
  {
    ...category('1', '手机数码', 'Phones'),
    children: [
      category('11', '手机', 'Mobiles', { parentId: '1', sort: 1 }),
      category('12', '耳机', 'Headphones', { parentId: '1', sort: 2 }),
    ],
  },
  { ...category('2', '家居', 'Home'), children: [] },
];

const categoriesMock = (roots = tree()) => ({
  request: { query: AdminCategoriesDocument },
  maxUsageCount: forever,
  result: { data: { adminCategories: roots } },
});

function renderCategories(
  mocks: unknown[],
  buttons = ['category:edit'],
  locale: 'zh-CN' | 'en-GB' = 'zh-CN',
) {
  return renderInAct(() =>
    renderWithProviders(withRouteBoundary(<AdminCategoriesPage />, 'list'), {
      route: '/admin/categories',
      mocks: [buttonsMock(buttons), ...mocks] as never,
      session: signedIn,
      locale,
    }),
  );
}

describe('back office: categories', () => {
  it('shows the tree with both names and versions, and the actions only with category:edit', async () => {
    const { unmount } = await renderCategories([categoriesMock()]);
    expect(await screen.findByRole('heading', { name: '分类管理' }, firstPaint)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '下移 手机数码' }, firstPaint)).toBeEnabled();
    expect(screen.getByRole('button', { name: '上移 手机数码' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '下移 家居' })).toBeDisabled();
    const children = screen.getByRole('list', { name: '手机数码 的子分类' });
    expect(
      within(children)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('手机Mobiles/slug-11'),
      expect.stringContaining('耳机Headphones/slug-12'),
    ]);
    expect(screen.getByRole('button', { name: '新增分类' })).toBeInTheDocument();
    unmount();

    await renderCategories([categoriesMock()], []);
    expect(await screen.findByText('家居', {}, firstPaint)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /上移|下移|编辑|新增分类/ })).not.toBeInTheDocument();
  });

  it('hides a category, marked 已隐藏 with a button to show it again; deletes only an empty one, after asking', async () => {
    const user = userEvent.setup();
    const empty = () => ({ ...category('2', '家居', 'Home', { productCount: 0 }), children: [] });
    const roots = (home: ReturnType<typeof empty>) => [tree()[0], home];
    const hiddenHome = { ...empty(), hidden: true, version: 2 };
    const hide = vi.fn(() => ({
      data: {
        setCategoryHidden: {
          __typename: 'SetCategoryHiddenPayload',
          category: hiddenHome,
          userErrors: noErrors,
        },
      },
    }));
    const remove = vi.fn(() => ({
      data: { deleteCategory: { __typename: 'DeleteCategoryPayload', deletedId: '2', userErrors: noErrors } },
    }));
    await renderCategories([
      { ...categoriesMock(roots(empty())), maxUsageCount: 1 },
      {
        request: {
          query: SetCategoryHiddenDocument,
          variables: { input: { id: '2', version: 1, hidden: true } },
        },
        result: hide,
      },
      { ...categoriesMock(roots(hiddenHome)), maxUsageCount: 1 },
      {
        request: { query: DeleteCategoryDocument, variables: { input: { id: '2', version: 2 } } },
        result: remove,
      },
      categoriesMock([tree()[0]]),
    ]);
    const hideButton = await screen.findByRole('button', { name: '隐藏 家居' }, firstPaint);
    // a category holding products (itself or its sub-categories) offers no delete
    expect(screen.getByRole('button', { name: '隐藏 手机数码' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '删除 手机数码' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '删除 手机' })).not.toBeInTheDocument();
    expect(screen.queryByText('已隐藏')).not.toBeInTheDocument();

    await act(async () => user.click(hideButton));
    await waitFor(() => expect(hide).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('已隐藏')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '显示 家居' })).toBeInTheDocument();

    // the confirmation names the category; keeping it sends nothing
    await act(async () => user.click(screen.getByRole('button', { name: '删除 家居' })));
    let ask = await screen.findByRole('alertdialog');
    expect(ask).toHaveAccessibleDescription('确认删除分类“家居”？删除后不能恢复。');
    await act(async () => user.click(within(ask).getByRole('button', { name: '保留分类' })));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(remove).not.toHaveBeenCalled();

    await act(async () => user.click(screen.getByRole('button', { name: '删除 家居' })));
    ask = await screen.findByRole('alertdialog');
    await act(async () => user.click(within(ask).getByRole('button', { name: '删除' })));
    await waitFor(() => expect(remove).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByText('家居')).not.toBeInTheDocument());
  });

  it('moves a sub-category down by sending every sibling in the new order, the focus staying on it', async () => {
    const user = userEvent.setup();
    const reorder = vi.fn(() => ({
      data: {
        reorderCategories: { __typename: 'ReorderCategoriesPayload', categories: [], userErrors: noErrors },
      },
    }));
    const moved = tree();
    moved[0].children.reverse();
    let reads = 0;
    await renderCategories([
      {
        request: { query: AdminCategoriesDocument },
        maxUsageCount: forever,
        result: () => {
          reads += 1;
          return { data: { adminCategories: reads > 1 ? moved : tree() } };
        },
      },
      {
        request: {
          query: ReorderCategoriesDocument,
          variables: { input: { parentId: '1', categoryIds: ['12', '11'] } },
        },
        result: reorder,
      },
    ]);
    const opener = await screen.findByRole('button', { name: '下移 手机' }, firstPaint);
    await act(async () => user.click(opener));
    await waitFor(() => expect(reorder).toHaveBeenCalledTimes(1));
    const children = screen.getByRole('list', { name: '手机数码 的子分类' });
    await waitFor(() => expect(within(children).getAllByRole('listitem')[0]).toHaveTextContent('耳机'));
    // 手机 is last now: its own "move down" is disabled, so the focus is on its "move up"
    await waitFor(() => expect(screen.getByRole('button', { name: '上移 手机' })).toHaveFocus());
  });

  it('renames on the version on view; a stale save says so and keeps what was typed', async () => {
    const user = userEvent.setup();
    const asked: unknown[] = [];
    await renderCategories([
      categoriesMock(),
      {
        request: { query: UpdateCategoryDocument, variables: () => true },
        maxUsageCount: forever,
        result: (variables: { input: unknown }) => {
          asked.push(variables.input);
          return {
            data: {
              updateCategory: {
                __typename: 'UpdateCategoryPayload',
                category: null,
                userErrors: [
                  {
                    __typename: 'UserError',
                    code: 'CATEGORY_VERSION_CONFLICT',
                    field: null,
                    message: '该分类已被他人修改，请刷新后再试',
                  },
                ],
              },
            },
          };
        },
      },
    ]);
    const opener = await screen.findByRole('button', { name: '编辑 家居' }, firstPaint);
    await act(async () => user.click(opener));
    const dialog = await screen.findByRole('dialog', { name: '编辑 家居' });
    const zh = within(dialog).getByRole('textbox', { name: /中文名称/ });
    await act(async () => {
      await user.clear(zh);
      await user.click(within(dialog).getByRole('button', { name: '保存' }));
    });
    expect(await within(dialog).findByText('中文名称 不能为空')).toBeInTheDocument();
    expect(asked).toHaveLength(0);
    await act(async () => {
      await user.type(zh, '家居生活');
      await user.click(within(dialog).getByRole('button', { name: '保存' }));
    });
    await waitFor(() => expect(asked).toEqual([{ id: '2', version: 1, nameZh: '家居生活', nameEn: 'Home' }]));
    expect(await within(dialog).findByText(/该分类已被他人修改。已载入最新版本/)).toBeInTheDocument();
    expect(zh).toHaveValue('家居生活');
  });

  it('checks a new category with the shared rules before sending it (en-GB)', async () => {
    const user = userEvent.setup();
    const create = vi.fn();
    await renderCategories(
      [
        categoriesMock(),
        { request: { query: CreateCategoryDocument, variables: () => true }, result: create },
      ],
      ['category:edit'],
      'en-GB',
    );
    const opener = await screen.findByRole('button', { name: 'New category' }, firstPaint);
    await act(async () => user.click(opener));
    const dialog = await screen.findByRole('dialog', { name: 'New category' });
    await act(async () => {
      await user.type(within(dialog).getByRole('textbox', { name: /Slug/ }), 'Garden Tools');
      await user.type(within(dialog).getByRole('textbox', { name: /Chinese name/ }), '园艺');
      await user.type(within(dialog).getByRole('textbox', { name: /English name/ }), 'Garden');
      await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    });
    expect(
      await within(dialog).findByText(
        'Slug may hold only lower-case letters, digits and hyphens, not starting or ending with a hyphen',
      ),
    ).toBeInTheDocument();
    expect(
      within(within(dialog).getByRole('combobox', { name: 'Parent category' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['(top level)', 'Phones', 'Home']);
    expect(create).not.toHaveBeenCalled();
  });
});

function card(
  id: string,
  kind: string,
  titleZh: string,
  titleEn: string,
  extra: Record<string, unknown> = {},
) {
  return {
    __typename: 'AdminHomeCard' as const,
    id,
    kind,
    titleZh,
    titleEn,
    subtitleZh: `${titleZh}副`,
    subtitleEn: `${titleEn} sub`,
    link: '/goods/hot',
    sort: Number(id),
    enabled: true,
    version: 4,
    hasPicture: true,
    image: image(`/service/file/down?fullfilename=${'a'.repeat(31)}${id}.png`),
    ...extra,
  };
}

const cardsMock = {
  request: { query: AdminHomeCardsDocument },
  maxUsageCount: forever,
  result: {
    data: {
      adminHomeCards: {
        __typename: 'AdminHomeCards',
        cards: [
          card('1', 'banner', '新品上市', 'New arrivals'),
          card('2', 'promotion', '每周精选', 'Weekly picks'),
          card('3', 'service', '正品保障', 'Genuine goods'),
        ],
        kinds: [
          { __typename: 'CardKind', code: 'banner', name: '轮播图' },
          { __typename: 'CardKind', code: 'promotion', name: '促销活动' },
          { __typename: 'CardKind', code: 'service', name: '服务保障' },
        ],
      },
    },
  },
};

function renderCards(mocks: unknown[], buttons = ['home:edit']) {
  return renderInAct(() =>
    renderWithProviders(withRouteBoundary(<AdminHomeCardsPage />, 'list'), {
      route: '/admin/home-cards',
      mocks: [buttonsMock(buttons), cardsMock, ...mocks] as never,
      session: signedIn,
    }),
  );
}

describe('back office: home cards', () => {
  it('previews the edit live with the storefront’s own cards, in either language, and hides a switched-off card', async () => {
    const user = userEvent.setup();
    await renderCards([]);
    const opener = await screen.findByRole('button', { name: '编辑 每周精选' }, firstPaint);
    await act(async () => user.click(opener));
    const editor = await screen.findByRole('region', { name: '编辑卡片：每周精选' });
    expect(within(editor).getByRole('heading', { name: '编辑卡片：每周精选' })).toHaveFocus();
    const preview = screen.getByTestId('home-card-preview');
    // the storefront's layout: featured cards in its grid, the guarantee as a badge below
    expect(within(preview).getByText('正品保障').closest('ul')).toHaveAttribute('aria-label', '服务保障');
    expect(within(preview).getByText('每周精选')).toBeInTheDocument();

    const title = within(editor).getByRole('textbox', { name: /中文标题/ });
    await act(async () => {
      await user.clear(title);
      await user.type(title, '年终大促');
    });
    expect(within(preview).getByText('年终大促')).toBeInTheDocument();
    expect(within(preview).queryByText('每周精选')).not.toBeInTheDocument();
    const links = within(preview).getAllByRole('link', { hidden: true });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/goods/hot', '/goods/hot']);

    await act(async () => user.click(within(editor).getByRole('radio', { name: 'English' })));
    expect(within(preview).getByText('Weekly picks')).toBeInTheDocument();
    expect(within(preview).getByText('New arrivals')).toBeInTheDocument();

    await act(async () => user.click(within(editor).getByRole('checkbox', { name: '在首页显示' })));
    expect(within(preview).queryByText('Weekly picks')).not.toBeInTheDocument();
    expect(within(editor).getByText('该卡片已隐藏，首页不会显示它。')).toBeInTheDocument();
  });

  it('brings the editor into view from its top and gives its heading the focus, for each card opened', async () => {
    const user = userEvent.setup();
    await renderCards([]);
    const opener = await screen.findByRole('button', { name: '编辑 每周精选' }, firstPaint);
    // jsdom lays nothing out and has no scrollIntoView: what is asked of the browser once the list
    // is shown is recorded
    const scrolled: Array<{ element: Element; options: unknown }> = [];
    Element.prototype.scrollIntoView = function (this: Element, options?: unknown) {
      scrolled.push({ element: this, options });
    };
    try {
      await act(async () => user.click(opener));
      let editor = await screen.findByRole('region', { name: '编辑卡片：每周精选' });
      expect(scrolled).toEqual([{ element: editor, options: { block: 'start', behavior: 'smooth' } }]);
      expect(within(editor).getByRole('heading', { name: '编辑卡片：每周精选' })).toHaveFocus();

      await act(async () => user.click(screen.getByRole('button', { name: '编辑 新品上市' })));
      editor = await screen.findByRole('region', { name: '编辑卡片：新品上市' });
      expect(scrolled.map(({ element }) => element)).toEqual([expect.anything(), editor]);
      expect(within(editor).getByRole('heading', { name: '编辑卡片：新品上市' })).toHaveFocus();
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('refuses a link the shared rule refuses, then saves against the version on view', async () => {
    const user = userEvent.setup();
    const asked: unknown[] = [];
    await renderCards([
      {
        request: { query: UpdateHomeCardDocument, variables: () => true },
        maxUsageCount: forever,
        result: (variables: { input: Record<string, unknown> }) => {
          asked.push(variables.input);
          return {
            data: {
              updateHomeCard: {
                __typename: 'UpdateHomeCardPayload',
                card: card('1', 'banner', '冬季特卖', 'New arrivals', { version: 5, link: '/category' }),
                userErrors: noErrors,
              },
            },
          };
        },
      },
    ]);
    const opener = await screen.findByRole('button', { name: '编辑 新品上市' }, firstPaint);
    await act(async () => user.click(opener));
    const editor = await screen.findByRole('region', { name: '编辑卡片：新品上市' });
    const link = within(editor).getByRole('textbox', { name: /链接/ });
    await act(async () => {
      await user.clear(link);
      await user.type(link, 'javascript:alert(1)');
      await user.click(within(editor).getByRole('button', { name: '保存' }));
    });
    expect(
      await within(editor).findByText('链接 须为本站路径（以 / 开头）或 http(s) 网址'),
    ).toBeInTheDocument();
    expect(asked).toHaveLength(0);
    const title = within(editor).getByRole('textbox', { name: /中文标题/ });
    await act(async () => {
      await user.clear(link);
      await user.type(link, '/category');
      await user.clear(title);
      await user.type(title, '冬季特卖');
      await user.click(within(editor).getByRole('button', { name: '保存' }));
    });
    await waitFor(() =>
      expect(asked).toEqual([
        {
          id: '1',
          version: 4,
          kind: 'banner',
          titleZh: '冬季特卖',
          titleEn: 'New arrivals',
          subtitleZh: '新品上市副',
          subtitleEn: 'New arrivals sub',
          link: '/category',
          enabled: true,
        },
      ]),
    );
  });
});
