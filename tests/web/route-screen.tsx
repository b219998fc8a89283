/**
 * A screen as its route mounts it: inside the route boundary (`routes.tsx` adds it), so the
 * screen's suspense query shows the route skeleton while it loads and the retry panel when it
 * fails, with the shop screens' providers around it (see shop-render.tsx).
 */
import { act, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { RouteBoundary } from '../../web/src/app/route-data.tsx';
import type { SkeletonKind } from '../../web/src/components/Skeleton.tsx';
import { renderShop, type ShopRenderOptions } from './shop-render.tsx';

/**
 * Rendered in an awaited `act`: a screen that suspends in a synchronous one is never woken
 * when its data arrives (React queues the retry on the finished act scope).
 */
export async function renderRouteScreen(
  ui: ReactElement,
  { skeleton = 'panel', ...options }: ShopRenderOptions & { skeleton?: SkeletonKind } = {},
) {
  let result: ReturnType<typeof renderShop> | undefined;
  await act(async () => {
    result = renderShop(<RouteBoundary skeleton={skeleton}>{ui}</RouteBoundary>, options);
  });
  return result as ReturnType<typeof renderShop>;
}

/** The route skeleton on screen (announced as a status), or null. */
export function routeSkeleton(): HTMLElement | null {
  return document.querySelector<HTMLElement>('[role="status"][data-skeleton]');
}

/**
 * Presses the retry button of the route's failure panel (in either locale), in an awaited `act`
 * for the same reason as the render: the screen suspends again while it asks anew.
 */
export async function retry(user: UserEvent, alert: HTMLElement) {
  const button = within(alert).getByRole('button', { name: /^(重试|Retry)$/ });
  await act(async () => {
    await user.click(button);
  });
}
