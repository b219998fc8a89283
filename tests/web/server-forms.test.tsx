/**
 * Forms the server answered (sent before or without JavaScript, web/src/app/form-actions/): the
 * page comes back with the router's action data, and the form shows the server's messages beside
 * their fields, the refusal of the whole form above them, and the values typed — never the
 * password. Editing a field clears its message. The forms themselves are real POST forms.
 */

import { loginSchema } from '@shop/common/validation/accounts.ts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { LoginForm } from '../../web/src/auth/LoginForm.tsx';
import type { FormResult } from '../../web/src/components/form/server-result.ts';
import { renderWithProviders } from './render.tsx';

/** The login form on /login as the server rendered it after `result`. */
function renderAnswered(result: FormResult | null, locale: 'zh-CN' | 'en-GB' = 'zh-CN') {
  const router = createMemoryRouter(
    [{ id: 'login', path: '/login', element: <LoginForm onSuccess={() => {}} redirectTo="/cart" /> }],
    { initialEntries: ['/login'], hydrationData: result ? { actionData: { login: result } } : undefined },
  );
  return renderWithProviders(<RouterProvider router={router} />, { locale });
}

/** What the login action answers for an empty password: the shared rule's own message. */
function emptyPasswordAnswer(): FormResult {
  const parsed = loginSchema.safeParse({ account: 'demo', password: '' });
  if (parsed.success) throw new Error('an empty password passed the rules');
  return {
    form: 'login',
    values: { account: 'demo' },
    rules: { password: parsed.error.issues[0].message },
    refusals: {},
  };
}

describe('forms the server answered', () => {
  it('are real POST forms to their action, with the place to go afterwards', () => {
    const { container } = renderAnswered(null);
    const form = container.querySelector('form');
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/login');
    expect(container.querySelector('input[name="intent"]')).toHaveValue('login');
    expect(container.querySelector('input[name="redirect"]')).toHaveValue('/cart');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("show a rule's message beside its field, in the page's language, with the account kept", async () => {
    renderAnswered(emptyPasswordAnswer(), 'en-GB');
    expect(screen.getByText('Password cannot be empty')).toBeInTheDocument();
    const password = screen.getByLabelText(/Password/);
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveValue('');
    expect(screen.getByLabelText(/User name \/ phone/)).toHaveValue('demo');
    // the message goes as soon as the field is edited
    await userEvent.setup().type(password, 'x');
    expect(screen.queryByText('Password cannot be empty')).toBeNull();
  });

  it("show the service's refusal of the whole form above it, and never a password sent back", () => {
    renderAnswered({
      form: 'login',
      values: { account: 'demo', password: 'leaked' },
      rules: {},
      refusals: {},
      message: '账号或密码错误',
    });
    expect(screen.getByRole('alert')).toHaveTextContent('账号或密码错误');
    expect(screen.getByLabelText(/用户名\/手机号/)).toHaveValue('demo');
    // the action leaves passwords out of its answer, and a form never fills one in from it
    expect(screen.getByLabelText(/密码/)).toHaveValue('');
  });

  it("ignore another form's answer", () => {
    renderAnswered({ ...emptyPasswordAnswer(), form: 'register' });
    expect(screen.queryByText('密码 不能为空')).toBeNull();
    expect(screen.getByLabelText(/用户名\/手机号/)).toHaveValue('');
  });
});
