import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import {
  AddressFormAreasDocument,
  AddressPanelDocument,
  ChangePasswordDocument,
  DeleteAddressDocument,
  ProfilePanelDocument,
  RealNameFormDocument,
  SetDefaultAddressDocument,
  UpdateAddressDocument,
  UserCenterMenusDocument,
} from '../../web/src/__generated__/graphql.ts';
import type { MenuNode } from '../../web/src/app/menu-tree.ts';
import { areaValuesOf, cityText } from '../../web/src/features/address/AddressForm.tsx';
import { AddressPanel } from '../../web/src/pages/user-center/AddressPanel.tsx';
import { PasswordPanel } from '../../web/src/pages/user-center/PasswordPanel.tsx';
import { ProfilePanel } from '../../web/src/pages/user-center/ProfilePanel.tsx';
import UserCenterPage from '../../web/src/pages/user-center/UserCenterPage.tsx';
import { elapse, startTestClock } from './clock.ts';
import { renderWithProviders } from './render.tsx';
import { renderInAct, routeSkeleton, withRouteBoundary } from './route-screen.tsx';
import { demoViewer } from './shop-fixtures.ts';

const forever = Number.POSITIVE_INFINITY;

const item = (
  routerPath: string,
  name: string,
  extra: Partial<MenuNode> = {},
): MenuNode & Record<string, unknown> => ({
  __typename: 'MenuItem' as const,
  id: routerPath,
  name,
  routerName: name,
  routerPath,
  redirect: null as string | null,
  isEnabled: true,
  isHidden: false,
  isAlwaysShow: false,
  highlightMenu: null,
  type: 'SUB',
  children: [] as MenuNode[],
  ...extra,
});

function menusMock(children: ReturnType<typeof item>[], redirect = '/user/center/info') {
  return {
    request: { query: UserCenterMenusDocument },
    maxUsageCount: forever,
    result: {
      data: {
        resources: {
          __typename: 'Resources',
          buttons: [],
          menus: [item('/user/center', '个人中心', { type: 'MAIN', redirect, children })],
        },
      },
    },
  };
}

const viewer = demoViewer;
const realNameMock = {
  request: { query: RealNameFormDocument },
  maxUsageCount: forever,
  result: {
    data: { realName: { __typename: 'RealName', realName: '', idNumberMasked: '', isReal: false } },
  },
};
const profileMock = {
  request: { query: ProfilePanelDocument },
  maxUsageCount: forever,
  result: { data: { viewer, config: { __typename: 'ShopConfig', uploadMaxBytes: 5 * 1024 * 1024 } } },
};

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderCentre(path: string, mocks: unknown[]) {
  return renderInAct(() =>
    renderWithProviders(
      <Routes>
        <Route
          path="/user/center/:menuKey"
          element={
            <>
              {withRouteBoundary(<UserCenterPage />, 'list')}
              <Where />
            </>
          }
        />
      </Routes>,
      { route: path, mocks: mocks as never },
    ),
  );
}

describe('personal centre page', () => {
  const children = [
    item('/user/center/info', '我的信息'),
    item('/user/center/orders', '我的订单'),
    item('/user/center/address', '我的地址', { isEnabled: false }),
    item('/user/center/password', '修改密码'),
  ];

  it('lists the server menus (disabled dropped) and shows the panel of the key', async () => {
    await renderCentre('/user/center/info', [menusMock(children), profileMock, realNameMock]);
    const nav = await screen.findByRole('navigation');
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['我的信息', '我的订单', '修改密码']);
    expect(await screen.findByRole('heading', { name: '我的信息', level: 2 })).toBeInTheDocument();
  });

  it("keeps the section menu while a panel's data loads (the panel's skeleton meanwhile)", async () => {
    startTestClock();
    await renderCentre('/user/center/info', [
      menusMock(children),
      { ...profileMock, delay: 400 },
      realNameMock,
    ]);
    const nav = await screen.findByRole('navigation');
    expect(routeSkeleton()).toBeInTheDocument();
    expect(within(nav).getAllByRole('link')).toHaveLength(3);
    await elapse(400);
    expect(await screen.findByRole('heading', { name: '我的信息', level: 2 })).toBeInTheDocument();
    // then the real-name part, which loads on its own
    await waitFor(() => expect(routeSkeleton()).toBeNull());
  });

  it('sends an unpermitted key to the menu redirect', async () => {
    await renderCentre('/user/center/address', [menusMock(children), profileMock, realNameMock]);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/user/center/info'));
  });

  it('falls back to the first visible permitted child when the redirect is not permitted', async () => {
    const list = [
      item('/user/center/info', '我的信息', { isEnabled: false }),
      item('/user/center/password', '修改密码'),
    ];
    await renderCentre('/user/center/nope', [menusMock(list, '/user/center/info')]);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/user/center/password'));
    expect(await screen.findByRole('heading', { name: '修改密码', level: 2 })).toBeInTheDocument();
  });

  it('logs out when the menus cannot be loaded', async () => {
    const logout = vi.fn(async () => true);
    await renderInAct(() =>
      renderWithProviders(
        <Routes>
          <Route path="/user/center/:menuKey" element={withRouteBoundary(<UserCenterPage />, 'list')} />
        </Routes>,
        {
          route: '/user/center/info',
          mocks: [{ request: { query: UserCenterMenusDocument }, error: new Error('down') }],
          session: { logout },
        },
      ),
    );
    await waitFor(() => expect(logout).toHaveBeenCalledWith({ confirm: false }));
  });
});

describe('change password form', () => {
  it("requires all three and says '请确认两次密码输入一致' on a mismatch", async () => {
    const user = userEvent.setup();
    renderWithProviders(<PasswordPanel />);
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('原密码 不能为空')).toBeInTheDocument();
    expect(screen.getByText('新密码 不能为空')).toBeInTheDocument();
    expect(screen.getByText('确认密码 不能为空')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/新密码/), 'abc123');
    await user.type(screen.getByLabelText(/确认密码/), 'abc124');
    await user.tab();
    expect(await screen.findByText('请确认两次密码输入一致')).toBeInTheDocument();
  });

  it('says it in English and submits matching passwords', async () => {
    const user = userEvent.setup();
    const mock = {
      request: {
        query: ChangePasswordDocument,
        variables: { input: { oldPassword: 'demo123', newPassword: 'abc123', confirmPassword: 'abc123' } },
      },
      result: {
        data: {
          changePassword: {
            __typename: 'ChangePasswordPayload',
            userErrors: [],
            session: { __typename: 'Session', id: 'session', defaultPassword: false },
          },
        },
      },
    };
    renderWithProviders(<PasswordPanel />, { locale: 'en-GB', mocks: [mock] });
    await user.type(screen.getByLabelText(/New password/), 'abc123');
    await user.type(screen.getByLabelText(/Confirm password/), 'abc12');
    await user.tab();
    expect(
      await screen.findByText('Please make sure the password inputs are consistent between the two times'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Confirm password/), '3');
    await user.type(screen.getByLabelText(/Old password/), 'demo123');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Password changed; other devices have been signed out'),
    ).toBeInTheDocument();
  });
});

/** A user-centre panel in its route boundary, at '/', once its first render has settled. */
const renderPanel = (panel: ReactElement, options: Parameters<typeof renderWithProviders>[1]) =>
  renderInAct(() => renderWithProviders(withRouteBoundary(panel), { route: '/', ...options }));

describe('profile form', () => {
  it('loads the shopper and validates name and phone', async () => {
    const user = userEvent.setup();
    await renderPanel(<ProfilePanel />, {
      mocks: [profileMock, realNameMock],
    });
    const name = await screen.findByLabelText(/显示名称/);
    await waitFor(() => expect(name).toHaveValue('演示用户'));
    // the display name is told apart from the sign-in account, shown beside it
    expect(name).toHaveAccessibleDescription(/登录账号 demo 不变/);
    expect(screen.getByText(/登录账号: demo/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/用户名/)).toBeNull();
    expect(screen.getByLabelText(/性别/)).toHaveValue('MALE');
    await user.clear(name);
    await user.tab();
    expect(await screen.findByText('显示名称 不能为空')).toBeInTheDocument();
    const phone = screen.getByLabelText(/手机号码/);
    await user.clear(phone);
    await user.type(phone, '2380000000');
    await user.tab();
    expect(await screen.findByText('请输入正确的手机号码')).toBeInTheDocument();
    await user.clear(phone);
    await user.paste('0086 139-1111-0002');
    await user.tab();
    await waitFor(() => expect(screen.queryByText('请输入正确的手机号码')).toBeNull());
    expect(phone).toHaveValue('0086 139-1111-0002');
  });
});

const addresses = [
  {
    __typename: 'Address',
    id: '1',
    recipient: '张三',
    phone: '13800000000',
    city: '广东省 广州市',
    cityCode: '440100',
    provinceCode: '440000',
    detail: '天河路 1 号',
    isDefault: true,
  },
  {
    __typename: 'Address',
    id: '2',
    recipient: '李四',
    phone: '13900000000',
    city: '北京市',
    cityCode: '110100',
    provinceCode: '110000',
    detail: '长安街 2 号',
    isDefault: false,
  },
];
const addressMock = {
  request: { query: AddressPanelDocument },
  maxUsageCount: forever,
  result: { data: { addresses } },
};
const areasMock = {
  request: { query: AddressFormAreasDocument },
  maxUsageCount: forever,
  result: {
    data: {
      areas: [
        {
          __typename: 'Area',
          value: '440000',
          label: '广东省',
          children: [
            { __typename: 'Area', value: '440100', label: '广州市' },
            { __typename: 'Area', value: '440300', label: '深圳市' },
          ],
        },
        {
          __typename: 'Area',
          value: '110000',
          label: '北京市',
          children: [{ __typename: 'Area', value: '110100', label: '北京市' }],
        },
      ],
    },
  },
};

describe('stored city text ↔ area choices', () => {
  const areas = areasMock.result.data.areas;
  it.each([
    ['广东省', '深圳市', '广东省 深圳市', { province: '440000', city: '440300' }],
    ['北京市', '北京市', '北京市', { province: '110000', city: '110100' }],
  ])('%s + %s is stored as "%s" and chosen again', (province, city, text, values) => {
    expect(cityText(province, city)).toBe(text);
    expect(areaValuesOf(areas, text)).toEqual(values);
  });

  it('chooses by the stored codes, whatever language the city text was written in', () => {
    const codes = { provinceCode: '440000', cityCode: '440300' };
    expect(areaValuesOf(areas, 'Guangdong Shenzhen', codes)).toEqual({ province: '440000', city: '440300' });
    expect(areaValuesOf(areas, 'Guangdong Shenzhen')).toBeNull();
  });

  it('chooses nothing for a city that is not in the list', () => {
    expect(areaValuesOf(areas, '广东省 火星市')).toBeNull();
    expect(areaValuesOf(areas, '广东')).toBeNull();
  });
});

describe('my addresses', () => {
  it('validates the address form: recipient, phone, city and detail required', async () => {
    const user = userEvent.setup();
    await renderPanel(<AddressPanel />, {
      mocks: [addressMock, areasMock],
    });
    await user.click(await screen.findByRole('link', { name: '新增地址' }));
    const dialog = await screen.findByRole('dialog', { name: '新增地址' });
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    for (const text of ['收货人 不能为空', '手机号码 不能为空', '所在城市 不能为空', '详细地址 不能为空']) {
      expect(await within(dialog).findByText(text)).toBeInTheDocument();
    }
    await user.type(within(dialog).getByLabelText(/详细地址/), '   ');
    await user.tab();
    expect(await within(dialog).findByText('请输入内容')).toBeInTheDocument();
  });

  it('edits an address with its province and city chosen, and saves it by id', async () => {
    const user = userEvent.setup();
    const moved = {
      ...addresses[0],
      __typename: 'Address' as const,
      city: '广东省 深圳市',
      cityCode: '440300',
    };
    const updated = vi.fn(() => ({
      data: {
        updateAddress: {
          __typename: 'SaveAddressPayload',
          userErrors: [],
          address: moved,
          addresses: [moved, addresses[1]],
        },
      },
    }));
    await renderPanel(<AddressPanel />, {
      mocks: [
        addressMock,
        areasMock,
        {
          request: {
            query: UpdateAddressDocument,
            variables: {
              input: {
                id: '1',
                recipient: '张三',
                phone: '13800000000',
                city: '广东省 深圳市',
                cityCode: '440300',
                detail: '天河路 1 号',
                isDefault: true,
              },
            },
          },
          result: updated,
        },
      ],
    });
    const card = await screen.findByRole('listitem', { name: '张三 13800000000' });
    await user.click(within(card).getByRole('link', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑地址' });
    const province = within(dialog).getByRole('combobox', { name: /省份/ });
    await waitFor(() => expect(province).toHaveValue('440000'));
    const city = within(dialog).getByRole('combobox', { name: /所在城市/ });
    expect(city).toHaveValue('440100');
    expect(within(dialog).getByRole('textbox', { name: /收货人/ })).toHaveValue('张三');
    await user.selectOptions(city, '440300');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(updated).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(/广东省 深圳市/)).toBeInTheDocument();
  });

  it("asks 'Confirm deletion?' and deletes on OK", async () => {
    const user = userEvent.setup();
    const deleted = vi.fn(() => ({
      data: {
        deleteAddress: {
          __typename: 'DeleteAddressPayload',
          userErrors: [],
          deletedId: '2',
          addresses: [addresses[0]],
        },
      },
    }));
    await renderPanel(<AddressPanel />, {
      locale: 'en-GB',
      mocks: [
        addressMock,
        { request: { query: DeleteAddressDocument, variables: { input: { id: '2' } } }, result: deleted },
      ],
    });
    const card = await screen.findByRole('listitem', { name: '李四 13900000000' });
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Confirm deletion?');
    expect(within(confirm).getByRole('button', { name: 'Keep address' })).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toHaveBeenCalled());
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: '李四 13900000000' })).not.toBeInTheDocument(),
    );
  });

  it("asks 'Confirm to set it to default?' and does nothing on cancel", async () => {
    const user = userEvent.setup();
    const setDefault = vi.fn(() => ({
      data: { setDefaultAddress: { __typename: 'SetDefaultAddressPayload', userErrors: [], addresses } },
    }));
    await renderPanel(<AddressPanel />, {
      locale: 'en-GB',
      mocks: [
        addressMock,
        {
          request: { query: SetDefaultAddressDocument, variables: { input: { id: '2' } } },
          result: setDefault,
        },
      ],
    });
    const card = await screen.findByRole('listitem', { name: '李四 13900000000' });
    await user.click(within(card).getByRole('button', { name: 'Set as default' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Confirm to set it to default?');
    expect(within(confirm).getByRole('button', { name: 'Set as default' })).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Not now' }));
    expect(setDefault).not.toHaveBeenCalled();
  });
});
