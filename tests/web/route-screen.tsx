/**
 * A screen as its route mounts it (`web/src/app/routes.tsx`): inside its RouteBoundary, so the
 * tests see the route's skeleton while the data loads and its retry panel when it fails.
 */
import { act, fireEvent } from '@testing-library/react';
import type { ReactElement } from 'react';
import { RouteBoundary } from '../../web/src/app/route-data.tsx';
import type { SkeletonKind } from '../../web/src/components/Skeleton.tsx';
import { renderShop, type ShopRenderOptions } from './shop-render.tsx';

/** The route's skeleton on screen, if any (`data-skeleton` names its kind). */
export function shownSkeleton(): string | null {
  return document.querySelector('[role="status"][data-skeleton]')?.getAttribute('data-skeleton') ?? null;
}

/**
 * Renders `screen` in its route boundary with the shop's providers. The first render runs in an
 * awaited `act`: a screen that suspends inside a synchronous `act` is never rendered again (React
 * drops the suspended work with the act queue). `firstPaint` is the skeleton seen while the data
 * loaded (null when the screen needed none).
 */
export async function renderRoute(
  screen: ReactElement,
  options: ShopRenderOptions & { skeleton?: SkeletonKind } = {},
) {
  const { skeleton = 'grid', ...rest } = options;
  let firstPaint: string | null = null;
  const probe = setTimeout(() => {
    firstPaint = shownSkeleton();
  }, 0);
  let utils: ReturnType<typeof renderShop> | undefined;
  await act(async () => {
    utils = renderShop(<RouteBoundary skeleton={skeleton}>{screen}</RouteBoundary>, rest);
  });
  clearTimeout(probe);
  if (!utils) throw new Error('not rendered');
  return { ...utils, firstPaint: firstPaint as string | null };
}

/**
 * Presses a control whose update may suspend (a retry, a sort, a page of a list): in an awaited
 * `act`, for the same reason as `renderRoute`.
 */
export async function press(element: Element): Promise<void> {
  await act(async () => {
    fireEvent.click(element);
  });
}
