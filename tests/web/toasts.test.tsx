/**
 * The toasts (docs/product.md, "Messages and errors", "Constants"): one message at a time, a new one replacing the previous, each gone
 * after 3 s; announced by a polite live region named 'Notifications'; nothing rendered before the
 * first message (sonner is downloaded when the page is idle: outage-messages.test.tsx).
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../web/src/app/App.tsx';
import {
  TOAST_DURATION_MS,
  toastOutsideReact,
  toastTypeOf,
  useToast,
} from '../../web/src/components/toast.tsx';
import { renderWithProviders } from './render.tsx';

function ToastButtons() {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast.success('保存成功!')}>
        one
      </button>
      <button type="button" onClick={() => toast.error('Error')}>
        two
      </button>
    </>
  );
}

/**
 * Moves the fake clock in small steps, letting React commit after each: sonner adds a toast on a
 * timer, dismisses it on an animation frame, and unmounts it 200 ms later from an effect.
 */
async function advance(ms: number) {
  for (let left = ms; left > 0; left -= 20) {
    await act(() => vi.advanceTimersByTimeAsync(Math.min(20, left)));
  }
}

const region = (name = '消息') => screen.getByRole('region', { name });

describe('toasts', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows one at a time: the next replaces the previous; each is gone after 3 s', async () => {
    renderWithProviders(<ToastButtons />);
    expect(screen.queryByRole('region', { name: '消息' })).toBeNull();

    // the first message mounts the toaster (React renders it on its own scheduler, real time)
    fireEvent.click(screen.getByRole('button', { name: 'one' }));
    expect(
      await within(await screen.findByRole('region', { name: '消息' })).findByText('保存成功!'),
    ).toBeVisible();
    expect(region()).toHaveAttribute('aria-live', 'polite');

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'requestAnimationFrame'] });
    fireEvent.click(screen.getByRole('button', { name: 'two' }));
    await advance(300);
    expect(within(region()).getByText('Error')).toBeInTheDocument();
    expect(within(region()).queryByText('保存成功!')).toBeNull();

    // 3 s from when it was shown, not from the first message
    await advance(TOAST_DURATION_MS - 500);
    expect(within(region()).getByText('Error')).toBeInTheDocument();
    await advance(500 + 250);
    expect(within(region()).queryByText('Error')).toBeNull();
  });

  it('takes its type from the envelope (default error) and shows messages sent from outside React', async () => {
    expect(toastTypeOf(1)).toBe('success');
    expect(toastTypeOf('WARNING')).toBe('warning');
    expect(toastTypeOf(2)).toBe('error');
    expect(toastTypeOf(undefined)).toBe('error');

    renderWithProviders(<span>page</span>, { locale: 'en-GB' });
    toastOutsideReact('warning', '无访问权限');
    const toast = await within(await screen.findByRole('region', { name: 'Notifications' })).findByText(
      '无访问权限',
    );
    expect(toast.closest('[data-type]')).toHaveAttribute('data-type', 'warning');
  });

  it('renders nothing on the server, even when a message is asked for during the render', () => {
    function Noisy() {
      useToast().error('render error');
      return <span>page</span>;
    }
    // as on the server: no document
    vi.stubGlobal('document', undefined);
    let html: string;
    try {
      html = renderToString(
        <AppProviders locale="zh-CN">
          <Noisy />
        </AppProviders>,
      );
    } finally {
      vi.unstubAllGlobals();
    }
    expect(html).toContain('page');
    expect(html).not.toContain('render error');
    expect(html).not.toContain('aria-live');
    // nor is it kept for the client
    renderWithProviders(<span>client</span>);
    expect(screen.queryByRole('region', { name: '消息' })).toBeNull();
  });
});
