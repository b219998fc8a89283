/**
 * A screen as its route mounts it: inside the route boundary (`routes.tsx` adds it), so the
 * screen's suspense query shows the route skeleton while it loads and the retry panel when it
 * fails, with the shop screens' providers around it (see shop-render.tsx).
 */
import { act, fireEvent, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { RouteBoundary } from '../../web/src/app/route-data.tsx';
import type { SkeletonKind } from '../../web/src/components/Skeleton.tsx';
import { renderShop, type ShopRenderOptions, signedIn } from './shop-render.tsx';

/** `ui` inside a route boundary with `skeleton` (needs a router around it). */
export function withRouteBoundary(ui: ReactElement, skeleton: SkeletonKind = 'panel'): ReactElement {
  return <RouteBoundary skeleton={skeleton}>{ui}</RouteBoundary>;
}

/**
 * Renders in an awaited `act`: a screen that suspends in a synchronous one is never woken when
 * its data arrives (React queues the retry on the finished act scope).
 */
export async function renderInAct<T>(render: () => T): Promise<T> {
  let result: T | undefined;
  await act(async () => {
    result = render();
  });
  return result as T;
}

/** A shop screen in its route boundary (see shop-render.tsx for the providers). */
export function renderRouteScreen(
  ui: ReactElement,
  { skeleton = 'panel', ...options }: ShopRenderOptions & { skeleton?: SkeletonKind } = {},
) {
  return renderInAct(() => renderShop(withRouteBoundary(ui, skeleton), options));
}

/** A screen of the signed-in demo shopper opened at `route` (mounted at `path`), in its boundary. */
export function renderShopperScreen(
  ui: ReactElement,
  route: string,
  path: string,
  { mocks, ...options }: Omit<ShopRenderOptions, 'mocks'> & { mocks: unknown[]; skeleton?: SkeletonKind },
) {
  return renderRouteScreen(ui, { ...options, mocks: mocks as [], route, path, session: signedIn });
}

/** The route skeleton on screen (announced as a status), or null. */
export function routeSkeleton(): HTMLElement | null {
  return document.querySelector<HTMLElement>('[role="status"][data-skeleton]');
}

/**
 * Clicks in an awaited `act`, for the same reason as the render: what the click starts (a retry,
 * a page or filter asked in a transition) suspends until its data is in.
 */
export async function clickInAct(user: UserEvent, element: Element) {
  await act(async () => {
    await user.click(element);
  });
}

/** Presses the retry button of the route's failure panel (in either locale). */
export async function retry(user: UserEvent, alert: HTMLElement) {
  await clickInAct(user, within(alert).getByRole('button', { name: /^(重试|Retry)$/ }));
}

/** The kind of route skeleton on screen (`data-skeleton`), or null. */
export function shownSkeleton(): string | null {
  return routeSkeleton()?.getAttribute('data-skeleton') ?? null;
}

/**
 * A shop screen in its route boundary, and `firstPaint`: the skeleton seen while its data loaded
 * (null when the screen needed none).
 */
export async function renderRoute(
  screen: ReactElement,
  { skeleton = 'grid', ...options }: ShopRenderOptions & { skeleton?: SkeletonKind } = {},
) {
  let firstPaint: string | null = null;
  const probe = setTimeout(() => {
    firstPaint = shownSkeleton();
  }, 0);
  const utils = await renderRouteScreen(screen, { skeleton, ...options });
  clearTimeout(probe);
  return { ...utils, firstPaint: firstPaint as string | null };
}

/** Presses a control whose update may suspend, in an awaited `act` (see `clickInAct`). */
export async function press(element: Element): Promise<void> {
  await act(async () => {
    fireEvent.click(element);
  });
}
