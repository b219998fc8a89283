import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { LoginDocument, RegisterDocument, SessionDocument } from '../../web/src/__generated__/graphql.ts';
import { AppProviders } from '../../web/src/app/App.tsx';
import { createCache } from '../../web/src/app/apollo.ts';
import { AuthProvider } from '../../web/src/auth/AuthProvider.tsx';
import DefaultPasswordBanner from '../../web/src/auth/DefaultPasswordBanner.tsx';
import { LoginForm } from '../../web/src/auth/LoginForm.tsx';
import { RegisterForm } from '../../web/src/auth/RegisterForm.tsx';
import { loginPath, safeRedirect } from '../../web/src/auth/redirect.ts';
import { useSessionContext } from '../../web/src/auth/session-context.ts';
import { useRequireLogin, useSession } from '../../web/src/auth/useRequireLogin.ts';
import { useToast } from '../../web/src/components/toast.tsx';
import type { Locale } from '../../web/src/i18n/LocaleProvider.tsx';
import { demoViewer, sessionMock, shellMock } from './fixtures.ts';
import { MockedProvider } from './masked-provider.tsx';
import { renderWithProviders } from './render.tsx';

/** The login mutation answering `account` / demo123 with the demo shopper signed in. */
const demoSignsIn = (account: string) => ({
  request: { query: LoginDocument, variables: { input: { account, password: 'demo123' } } },
  result: {
    data: {
      login: {
        __typename: 'LoginPayload',
        userErrors: [],
        defaultPassword: false,
        session: {
          __typename: 'Session',
          id: 'session',
          isAuthenticated: true,
          defaultPassword: false,
          viewer: demoViewer,
        },
      },
    },
  },
});

describe('login form', () => {
  it('requires account and password on blur, with the field name', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LoginForm onSuccess={() => {}} />);
    const account = screen.getByLabelText(/用户名\/手机号/);
    await user.click(account);
    await user.tab();
    expect(await screen.findByText('用户名/手机号 不能为空')).toBeInTheDocument();
    expect(account).toHaveAttribute('aria-invalid', 'true');
    expect(account).toHaveAccessibleDescription('用户名/手机号 不能为空');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('密码 不能为空')).toBeInTheDocument();
  });

  it('fails whitespace-only accounts with 请输入内容 and says it in English too', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LoginForm onSuccess={() => {}} />, { locale: 'en-GB' });
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('User name / phone cannot be empty')).toBeInTheDocument();
    expect(screen.getByText('Password cannot be empty')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/User name \/ phone/), '   ');
    await user.tab();
    expect(await screen.findByText('Please enter content')).toBeInTheDocument();
  });

  it('trims the account and logs in', async () => {
    const user = userEvent.setup();
    const onSuccess = vi.fn();
    const mock = demoSignsIn('demo');
    renderWithProviders(<LoginForm onSuccess={onSuccess} />, { mocks: [mock] });
    await user.type(screen.getByLabelText(/用户名\/手机号/), '  demo  ');
    await user.type(screen.getByLabelText(/密码/), 'demo123');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith({ defaultPassword: false }));
  });

  it('signs in by a phone number pasted with its country code, sent as the 11 digits', async () => {
    const user = userEvent.setup();
    const onSuccess = vi.fn();
    const mock = demoSignsIn('13800000000');
    renderWithProviders(<LoginForm onSuccess={onSuccess} />, { mocks: [mock] });
    await user.click(screen.getByLabelText(/用户名\/手机号/));
    await user.paste('+86 138-0000-0000');
    await user.type(screen.getByLabelText(/密码/), 'demo123');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith({ defaultPassword: false }));
  });
});

describe('register form', () => {
  it('requires user name, password and phone; checks phone and password with the shared validators', async () => {
    const user = userEvent.setup();
    renderWithProviders(<RegisterForm onSuccess={() => {}} />);
    // the rules are shown before anything goes wrong
    expect(screen.getByLabelText(/用户名/)).toHaveAccessibleDescription(
      '2-20 位字母、数字、下划线或汉字，不能全是数字；登录时使用',
    );
    expect(screen.getByLabelText(/^\*?密码/)).toHaveAccessibleDescription(
      '6-20 位，须同时包含字母和数字，可用 ! . _ -',
    );
    expect(screen.getByLabelText(/手机号码/)).toHaveAccessibleDescription('11 位手机号码，也可用来登录');
    await user.click(screen.getByRole('button', { name: '注册' }));
    expect(await screen.findByText('用户名 不能为空')).toBeInTheDocument();
    expect(screen.getByText('密码 不能为空')).toBeInTheDocument();
    expect(screen.getByText('手机号码 不能为空')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/手机号码/), '12345');
    await user.tab();
    expect(await screen.findByText('请输入正确的手机号码')).toBeInTheDocument();
    // A number pasted as people write it is accepted; one digit short is still refused.
    for (const [pasted, accepted] of [
      ['+86 139 1111 0002', true],
      ['0086 13911110002', true],
      ['139-1111-0002', true],
      ['139-1111-000', false],
    ] as const) {
      await user.clear(screen.getByLabelText(/手机号码/));
      await user.paste(pasted);
      await user.tab();
      if (accepted) {
        await waitFor(() => expect(screen.queryByText('请输入正确的手机号码')).toBeNull());
        expect(screen.getByLabelText(/手机号码/)).toHaveValue(pasted);
      } else expect(await screen.findByText('请输入正确的手机号码')).toBeInTheDocument();
    }
    await user.type(screen.getByLabelText(/^\*?密码/), 'abcdefg');
    await user.tab();
    expect(await screen.findByText('密码必须同时包含字母和数字')).toHaveAttribute('role', 'alert');
  });

  it('registers with valid input, a pasted phone number sent as its 11 digits', async () => {
    const user = userEvent.setup();
    const onSuccess = vi.fn();
    const mock = {
      request: {
        query: RegisterDocument,
        variables: { input: { username: 'newbie', password: 'abc123', phone: '13900000001', signIn: true } },
      },
      result: {
        data: {
          register: {
            __typename: 'RegisterPayload',
            userErrors: [],
            userId: '9',
            session: {
              __typename: 'Session',
              id: 'session',
              isAuthenticated: true,
              defaultPassword: false,
              viewer: { ...demoViewer, id: '9', account: 'newbie', name: 'newbie' },
            },
          },
        },
      },
    };
    renderWithProviders(<RegisterForm onSuccess={onSuccess} />, { mocks: [mock] });
    await user.type(screen.getByLabelText(/用户名/), ' newbie ');
    await user.type(screen.getByLabelText(/^\*?密码/), 'abc123');
    await user.click(screen.getByLabelText(/手机号码/));
    await user.paste('+86 139 0000 0001');
    await user.click(screen.getByRole('button', { name: '注册' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith({ signedIn: true }));
  });
});

function NeedsLogin() {
  const requireLogin = useRequireLogin();
  const { isAuthenticated } = useSession();
  const [result, setResult] = useState('');
  return (
    <>
      <span>{isAuthenticated ? 'signed-in' : 'visitor'}</span>
      <button type="button" onClick={() => setResult(String(requireLogin()))}>
        {`add to cart ${result}`}
      </button>
    </>
  );
}

function renderWithSession(ui: React.ReactElement, locale: Locale, signedIn = false) {
  const router = createMemoryRouter([{ path: '*', element: <AuthProvider>{ui}</AuthProvider> }], {
    initialEntries: ['/home'],
  });
  return render(
    <MockedProvider mocks={[sessionMock(signedIn), shellMock()]} cache={createCache()}>
      <AppProviders locale={locale}>
        <RouterProvider router={router} />
      </AppProviders>
    </MockedProvider>,
  );
}

describe('login prompt', () => {
  it.each([
    ['zh-CN', '请登录', '立即登录', '继续浏览', '用户登录'],
    ['en-GB', 'please log in', 'log in now', 'continue browsing', 'Log in'],
  ] as const)('asks visitors to log in (%s)', async (locale, title, confirmText, cancelText, dialogTitle) => {
    const user = userEvent.setup();
    renderWithSession(<NeedsLogin />, locale);
    await user.click(screen.getByRole('button', { name: /add to cart/ }));
    // the page behind the open prompt is hidden from assistive technology: found by its text
    expect(screen.getByText('add to cart false')).toBeInTheDocument();
    let prompt = await screen.findByRole('alertdialog', { name: title });
    await user.click(within(prompt).getByRole('button', { name: cancelText }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /add to cart/ }));
    prompt = await screen.findByRole('alertdialog', { name: title });
    await user.click(within(prompt).getByRole('button', { name: confirmText }));
    expect(await screen.findByRole('dialog', { name: dialogTitle }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('lets signed-in shoppers through without a prompt', async () => {
    const user = userEvent.setup();
    renderWithSession(<NeedsLogin />, 'zh-CN', true);
    expect(await screen.findByText('signed-in')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /add to cart/ }));
    expect(screen.getByRole('button', { name: 'add to cart true' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('the login dialog ignores outside clicks and closes on Esc', async () => {
    const user = userEvent.setup();
    renderWithSession(<NeedsLogin />, 'zh-CN');
    await user.click(screen.getByRole('button', { name: /add to cart/ }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: '立即登录' }),
    );
    const dialog = await screen.findByRole('dialog', { name: '用户登录' }, { timeout: 5000 });
    fireEvent.click(screen.getByTestId('dialog-backdrop'));
    expect(screen.getByRole('dialog', { name: '用户登录' })).toBeInTheDocument();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('redirects after login', () => {
  it('only follows same-site paths', () => {
    expect(safeRedirect('/cart?x=1')).toBe('/cart?x=1');
    expect(safeRedirect('//evil.example')).toBe('/home');
    expect(safeRedirect('https://evil.example')).toBe('/home');
    expect(safeRedirect('/login?redirect=/x')).toBe('/home');
    expect(safeRedirect(null)).toBe('/home');
    expect(loginPath('/order/confirm?id=1')).toBe('/login?redirect=%2Forder%2Fconfirm%3Fid%3D1');
    // an expired session tells the login page why the shopper is there
    expect(loginPath('/cart', 'expired')).toBe('/login?redirect=%2Fcart&reason=expired');
    expect(loginPath('/login', 'expired')).toBe('/login?reason=expired');
  });
});

/** The toasts' facade, the object every useToast() returns. */
function toastFacade() {
  let api: ReturnType<typeof useToast> | undefined;
  function Grab() {
    api = useToast();
    return null;
  }
  render(<Grab />).unmount();
  if (!api) throw new Error('useToast returned nothing');
  return api;
}

function OpensLogin() {
  const { openLogin } = useSessionContext();
  return (
    <button type="button" onClick={() => openLogin('/arrived')}>
      open login
    </button>
  );
}

describe('an initial password', () => {
  it('is said once after signing in: by the banner, with no toast repeating it', async () => {
    const user = userEvent.setup();
    const warning = vi.spyOn(toastFacade(), 'warning');
    const signedIn = {
      request: { query: SessionDocument },
      maxUsageCount: Number.POSITIVE_INFINITY,
      result: {
        data: {
          session: {
            __typename: 'Session',
            id: 'session',
            isAuthenticated: true,
            defaultPassword: true,
            viewer: demoViewer,
          },
        },
      },
    };
    const login = {
      request: { query: LoginDocument, variables: { input: { account: 'admin', password: 'admin123' } } },
      result: {
        data: {
          login: {
            __typename: 'LoginPayload',
            userErrors: [],
            defaultPassword: true,
            session: signedIn.result.data.session,
          },
        },
      },
    };
    const page = (
      <AuthProvider>
        <DefaultPasswordBanner />
        <OpensLogin />
      </AuthProvider>
    );
    const router = createMemoryRouter(
      [
        {
          path: '/arrived',
          element: (
            <AuthProvider>
              <DefaultPasswordBanner />
              <h1>arrived</h1>
            </AuthProvider>
          ),
        },
        { path: '*', element: page },
      ],
      { initialEntries: ['/home'] },
    );
    render(
      <MockedProvider
        mocks={[{ ...sessionMock(false), maxUsageCount: 1 }, login, signedIn, shellMock()]}
        cache={createCache()}
      >
        <AppProviders locale="zh-CN">
          <RouterProvider router={router} />
        </AppProviders>
      </MockedProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'open login' }));
    const dialog = await screen.findByRole('dialog', { name: '用户登录' }, { timeout: 5000 });
    await user.type(within(dialog).getByLabelText(/用户名\/手机号/), 'admin');
    await user.type(within(dialog).getByLabelText(/密码/), 'admin123');
    await user.click(within(dialog).getByRole('button', { name: '登录' }));
    // the way after signing in ends on the page asked for: whatever it said on the way was said
    expect(await screen.findByRole('heading', { name: 'arrived' })).toBeInTheDocument();
    expect(await screen.findByText('您仍在使用初始密码，请尽快修改')).toBeInTheDocument();
    expect(screen.getAllByText('您仍在使用初始密码，请尽快修改')).toHaveLength(1);
    expect(warning).not.toHaveBeenCalled();
    warning.mockRestore();
  });
});
