import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { callsInFlight } from '../lib/loading-link.ts';
import { Spinner } from './Spinner.tsx';

/**
 * The loading overlay shows only after 500 ms (docs/product.md, "Screens and routes"), so quick
 * loads never flash.
 */
export const LOADING_DELAY_MS = 500;

const Overlay = styled.div<{ $fixed: boolean }>`
  position: ${({ $fixed }) => ($fixed ? 'fixed' : 'absolute')};
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
  background: rgba(255, 255, 255, 0.6);
  color: ${({ theme }) => theme.colors.primary};
  z-index: ${({ theme }) => theme.zIndex.overlay};
`;

/** True once `active` has stayed true for `delay` ms. */
export function useDelayedFlag(active: boolean, delay = LOADING_DELAY_MS): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delay);
    return () => clearTimeout(timer);
  }, [active, delay]);
  return shown;
}

/** Loading overlay with the 500 ms delay; `fullscreen` covers the viewport. */
export function LoadingOverlay({ active, fullscreen = false }: { active: boolean; fullscreen?: boolean }) {
  const intl = useIntl();
  const shown = useDelayedFlag(active);
  if (!shown) return null;
  return (
    <Overlay
      $fixed={fullscreen}
      role="progressbar"
      aria-busy="true"
      aria-label={intl.formatMessage({ id: 'kit.loading' })}
    >
      <Spinner size={32} decorative />
    </Overlay>
  );
}

interface LoadingCounter {
  /** Number of loads in progress. */
  count: number;
  start: () => void;
  stop: () => void;
}

const LoadingContext = createContext<LoadingCounter>({ count: 0, start: () => {}, stop: () => {} });

/**
 * Loading state: a counter of running loads, the gateway calls in flight plus the screens waiting
 * for their data (each route's Suspense fallback counts itself while it is shown).
 */
export function LoadingProvider({ children }: { children: ReactNode }) {
  const [tracked, setCount] = useState(0);
  const calls = useSyncExternalStore(callsInFlight.subscribe, callsInFlight.get, () => 0);
  const count = tracked + calls;
  const start = useCallback(() => setCount((c) => c + 1), []);
  const stop = useCallback(() => setCount((c) => Math.max(0, c - 1)), []);
  const value = useMemo(() => ({ count, start, stop }), [count, start, stop]);
  return <LoadingContext.Provider value={value}>{children}</LoadingContext.Provider>;
}

export function useLoadingCounter(): LoadingCounter {
  return useContext(LoadingContext);
}

/** Counts a component's `loading` flag into the page loading overlay while it is true (and mounted). */
export function useTrackLoading(loading: boolean): void {
  const { start, stop } = useLoadingCounter();
  const tracked = useRef(false);
  useEffect(() => {
    if (loading && !tracked.current) {
      tracked.current = true;
      start();
    } else if (!loading && tracked.current) {
      tracked.current = false;
      stop();
    }
  }, [loading, start, stop]);
  useEffect(
    () => () => {
      if (tracked.current) stop();
    },
    [stop],
  );
}
