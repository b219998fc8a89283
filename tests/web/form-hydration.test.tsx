/**
 * Server-rendered forms keep what was typed before React took them over: the fields have no
 * form defaults, so each adopts its input's value when it is registered at hydration.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act, type ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChangePasswordDocument, LoginDocument } from '../../web/src/__generated__/graphql.ts';
import { LoginForm } from '../../web/src/auth/LoginForm.tsx';
import { QuantityInput } from '../../web/src/components/QuantityInput.tsx';
import { SearchBar } from '../../web/src/layout/SearchBar.tsx';
import { PasswordPanel } from '../../web/src/pages/user-center/PasswordPanel.tsx';
import { demoViewer } from './fixtures.ts';
import { type ProviderOptions, Providers } from './render.tsx';

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

/** Renders `ui` to HTML as the server does, lets `typeEarly` type into it, then hydrates it. */
async function typeBeforeHydration(
  ui: ReactElement,
  options: ProviderOptions,
  typeEarly: (container: HTMLElement) => void,
) {
  const tree = () => <Providers {...options}>{ui}</Providers>;
  const container = document.createElement('div');
  container.innerHTML = renderToString(tree());
  document.body.appendChild(container);
  typeEarly(container);
  await act(async () => {
    root = hydrateRoot(container, tree());
  });
  return container;
}

const typeInto = (container: HTMLElement, name: string, value: string) => {
  const input = container.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!input) throw new Error(`no server-rendered input ${name}`);
  input.value = value;
};

describe('forms typed into before hydration', () => {
  it('the login form sends what was typed before hydration', async () => {
    const onSuccess = vi.fn();
    const result = vi.fn(() => ({
      data: {
        login: {
          __typename: 'LoginPayload' as const,
          userErrors: [],
          defaultPassword: false,
          session: {
            __typename: 'Session' as const,
            id: 'session',
            isAuthenticated: true,
            defaultPassword: false,
            viewer: demoViewer,
          },
        },
      },
    }));
    const mocks = [
      {
        request: { query: LoginDocument, variables: { input: { account: 'demo', password: 'demo123' } } },
        result,
      },
    ];
    await typeBeforeHydration(<LoginForm onSuccess={onSuccess} />, { mocks }, (container) => {
      typeInto(container, 'account', ' demo ');
      typeInto(container, 'password', 'demo123');
    });
    expect(screen.getByLabelText(/用户名\/手机号/)).toHaveValue(' demo ');
    await userEvent.setup().click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith({ defaultPassword: false }));
    expect(result).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(/不能为空/)).toBeNull();
  });

  it('the change-password panel of the signed-in centre sends what was typed before hydration', async () => {
    const input = { oldPassword: 'old123', newPassword: 'abc123', confirmPassword: 'abc123' };
    const result = vi.fn(() => ({
      data: {
        changePassword: {
          __typename: 'ChangePasswordPayload' as const,
          session: { __typename: 'Session' as const, id: 'session', defaultPassword: false },
          userErrors: [],
        },
      },
    }));
    await typeBeforeHydration(
      <PasswordPanel />,
      { mocks: [{ request: { query: ChangePasswordDocument, variables: { input } }, result }] },
      (container) => {
        for (const [name, value] of Object.entries(input)) typeInto(container, name, value);
      },
    );
    await userEvent.setup().click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(result).toHaveBeenCalledTimes(1));
    expect(screen.queryByText(/不能为空/)).toBeNull();
  });

  it('the header search keeps the words typed before hydration', async () => {
    const container = await typeBeforeHydration(
      <MemoryRouter initialEntries={['/home']}>
        <SearchBar />
      </MemoryRouter>,
      {},
      (box) => typeInto(box, 'keyword', '蓝牙耳机'),
    );
    const input = container.querySelector<HTMLInputElement>('input[name="keyword"]');
    await waitFor(() => expect(input?.value).toBe('蓝牙耳机'));
    // and it is the box's state, not only what the DOM shows: typing goes on from it
    await userEvent.type(screen.getByRole('combobox'), ' 降噪');
    expect(input?.value).toBe('蓝牙耳机 降噪');
  });

  it('the header search searches for the words its box shows, even before its state has them', async () => {
    const Where = () => <output data-testid="where">{useLocation().pathname + useLocation().search}</output>;
    const container = await typeBeforeHydration(
      <MemoryRouter initialEntries={['/home']}>
        <SearchBar />
        <Where />
      </MemoryRouter>,
      {},
      () => {},
    );
    const input = container.querySelector<HTMLInputElement>('input[name="keyword"]');
    if (!input?.form) throw new Error('no search form');
    // What the box holds when React replays a submit made during hydration, before the effect
    // that adopts the early words has run.
    input.value = '蓝牙耳机';
    await act(async () => input.form?.requestSubmit());
    expect(screen.getByTestId('where')).toHaveTextContent(
      `/category/search-result?keyword=${encodeURIComponent('蓝牙耳机')}`,
    );
  });

  it('a quantity box keeps the quantity typed before hydration, within the stock', async () => {
    for (const [typed, want] of [
      ['3', 3],
      ['30', 10],
    ] as const) {
      const changed = vi.fn();
      const container = await typeBeforeHydration(
        <QuantityInput value={1} max={10} onChange={changed} name="quantity" />,
        {},
        (box) => typeInto(box, 'quantity', typed),
      );
      expect(changed).toHaveBeenLastCalledWith(want);
      expect(container.querySelector<HTMLInputElement>('input[name="quantity"]')?.value).toBe(String(want));
      act(() => root?.unmount());
      root = null;
      document.body.innerHTML = '';
    }
  });
});
