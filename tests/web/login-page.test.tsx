import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import LoginPage from '../../web/src/pages/login/LoginPage.tsx';
import { renderShop } from './shop-render.tsx';

describe('login page', () => {
  it('says why when the session expired (?reason=expired), in both locales', async () => {
    renderShop(<LoginPage />, { route: '/login?reason=expired&redirect=%2Fcart', path: '/login' });
    expect(await screen.findByText('登录已过期，请重新登录')).toHaveAttribute('role', 'status');
  });

  it('in English too, and nothing without a reason', async () => {
    const { unmount } = renderShop(<LoginPage />, {
      locale: 'en-GB',
      route: '/login?reason=expired',
      path: '/login',
    });
    expect(await screen.findByText('Your session has expired. Please log in again')).toBeInTheDocument();
    unmount();
    renderShop(<LoginPage />, { route: '/login', path: '/login' });
    expect(screen.queryByText('登录已过期，请重新登录')).toBeNull();
  });
});
