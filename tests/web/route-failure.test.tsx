/**
 * A route that fails to load (its chunk cannot be downloaded: a deploy replaced it, or the
 * network is down): the layout stays (header, navigation, footer) with the route's retry in the
 * main area; the page reloads by itself once per address, and only when the server answers.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, page, reloadOnceForChunk } from '../../web/src/app/chunk-reload.ts';
import { renderApp } from './app-harness.tsx';
import { sessionMock, shellMock } from './fixtures.ts';

/** What Chromium throws for a dynamic import it could not download. */
const chunkError = () =>
  new TypeError('Failed to fetch dynamically imported module: http://shop.test/assets/CartPage-old.js');

/** The gateway's /healthz: up (a deploy) or unreachable (an outage). The browser's fetch is the edge. */
function serverIs(state: 'up' | 'down') {
  const fetch = vi.fn(async (url: string) => {
    if (state === 'down') throw new TypeError('Failed to fetch');
    return new Response('ok', { status: url === '/healthz' ? 200 : 404 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const visitor = () => [sessionMock(false), shellMock()];

beforeEach(() => {
  sessionStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a route whose chunk fails', () => {
  it('keeps the header, navigation and footer, and shows the route’s retry in the main area', async () => {
    serverIs('down');
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
    const user = userEvent.setup();
    const { router } = renderApp('/home', {
      mocks: visitor(),
      screens: { 'goods/hot': () => Promise.reject(chunkError()) },
    });
    expect(await screen.findByRole('heading', { name: 'screen:home' })).toBeInTheDocument();

    await router.navigate('/goods/hot');
    const message = await screen.findByText('页面加载失败，请重试');
    const main = screen.getByRole('main');
    expect(main).toContainElement(message);
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('search')).toBeInTheDocument();
    expect(screen.getByTestId('tab-bar')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();

    // the server is away: the retry leaves the page as it is and says why
    await user.click(within(main).getByRole('button', { name: '重试' }));
    expect(await screen.findByText('网络异常，请稍后重试')).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it('reloads the page by itself once when the server answers (a deploy), not again on the same address', async () => {
    const fetch = serverIs('up');
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
    const { router } = renderApp('/home', {
      mocks: visitor(),
      screens: { 'goods/hot': () => Promise.reject(chunkError()) },
    });
    expect(await screen.findByRole('heading', { name: 'screen:home' })).toBeInTheDocument();
    window.history.replaceState(null, '', '/goods/hot');
    await router.navigate('/goods/hot');
    expect(await screen.findByText('页面加载失败，请重试')).toBeInTheDocument();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(fetch).toHaveBeenCalledWith('/healthz', expect.anything());

    // the reloaded page fails the same way: the retry stays, no second reload
    expect(await reloadOnceForChunk(chunkError())).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('reloadOnceForChunk', () => {
  it('reloads once per address, only for a chunk that failed, only when the server answers', async () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
    window.history.replaceState(null, '', '/cart');

    serverIs('down');
    expect(await reloadOnceForChunk(chunkError())).toBe(false);
    expect(reload).not.toHaveBeenCalled();

    serverIs('up');
    expect(await reloadOnceForChunk(new Error('render failed'))).toBe(false);
    expect(await reloadOnceForChunk(chunkError())).toBe(true);
    expect(await reloadOnceForChunk(chunkError())).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);

    // another address has its own attempt
    window.history.replaceState(null, '', '/home');
    expect(await reloadOnceForChunk(chunkError())).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('knows the download failures of each browser', () => {
    expect(isChunkLoadError(chunkError())).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: /a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isChunkLoadError('dynamically imported module')).toBe(false);
  });
});
