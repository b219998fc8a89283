import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { getSidebarOpened, setSidebarOpened } from '../lib/cookies.ts';
import { STORAGE_KEYS, secureStorage } from '../lib/secure-storage.ts';
import { theme } from '../theme.ts';

/** The kind of screen the app runs on, from the viewport width (the same breakpoint as `mobileQuery`). */
export type Device = 'desktop' | 'mobile';

export const deviceOf = (width: number): Device => (width <= theme.breakpoints.mobile ? 'mobile' : 'desktop');

/** This browser's own choices in the layout settings panel; unset means the shop's setting. */
export interface LayoutPrefs {
  fixedHeader?: boolean;
  sidebarLogo?: boolean;
}

export interface LayoutState {
  device: Device;
  /** The desktop sidebar's state, kept in the sidebar cookie. */
  desktopSidebarOpen: boolean;
  /** A phone's sidebar: closed until asked for, closed again after each navigation. */
  mobileSidebarOpen: boolean;
  /** Whether the sidebar shows on this device. */
  sidebarOpen: boolean;
  toggleSidebar: () => void;
  closeMobileSidebar: () => void;
  prefs: LayoutPrefs;
  setPrefs: (prefs: LayoutPrefs) => void;
}

const LayoutStateContext = createContext<LayoutState | null>(null);

/**
 * The server-rendered sidebar state, when the page came from the server: hydration must start
 * from what the HTML shows (the server reads the cookie when its request carries one).
 */
export function serverRenderedSidebar(container: ParentNode): boolean | undefined {
  const value = container.querySelector('[data-sidebar-opened]')?.getAttribute('data-sidebar-opened');
  return value == null ? undefined : value === 'true';
}

/**
 * App-wide layout state: the device type (updated on resize), the sidebar's open state (the
 * desktop one in a cookie so it survives reloads) and this browser's layout preferences (in the
 * encrypted storage). `sidebarOpened` is the state the page was rendered with on the server.
 */
export function LayoutStateProvider({
  sidebarOpened,
  children,
}: {
  sidebarOpened?: boolean;
  children: ReactNode;
}) {
  // The server renders for a desktop; the real device is read once the browser runs, so the
  // first client render matches the HTML (the CSS already shows a phone its own layout).
  const [device, setDevice] = useState<Device>('desktop');
  const [desktopSidebarOpen, setDesktopSidebarOpen] = useState(() => sidebarOpened ?? getSidebarOpened());
  const [mobileSidebarOpen, setMobileSidebarOpen] = useState(false);
  const [prefs, setPrefsState] = useState<LayoutPrefs>({});

  useEffect(() => {
    const update = () => setDevice(deviceOf(window.innerWidth));
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);

  useEffect(() => {
    // A server that could not read the cookie rendered the default: the cookie wins.
    setDesktopSidebarOpen(getSidebarOpened());
    let live = true;
    void secureStorage.get<LayoutPrefs>(STORAGE_KEYS.layoutPrefs).then((stored) => {
      if (live && stored) setPrefsState(stored);
    });
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    // Leaving the phone layout leaves its menu closed for the next time.
    if (device === 'desktop') setMobileSidebarOpen(false);
  }, [device]);

  const toggleSidebar = useCallback(() => {
    if (device === 'mobile') {
      setMobileSidebarOpen((open) => !open);
      return;
    }
    const next = !desktopSidebarOpen;
    setSidebarOpened(next);
    setDesktopSidebarOpen(next);
  }, [device, desktopSidebarOpen]);

  const closeMobileSidebar = useCallback(() => setMobileSidebarOpen(false), []);

  const setPrefs = useCallback((next: LayoutPrefs) => {
    setPrefsState(next);
    void secureStorage.set(STORAGE_KEYS.layoutPrefs, next);
  }, []);

  const value = useMemo<LayoutState>(
    () => ({
      device,
      desktopSidebarOpen,
      mobileSidebarOpen,
      sidebarOpen: device === 'mobile' ? mobileSidebarOpen : desktopSidebarOpen,
      toggleSidebar,
      closeMobileSidebar,
      prefs,
      setPrefs,
    }),
    [device, desktopSidebarOpen, mobileSidebarOpen, toggleSidebar, closeMobileSidebar, prefs, setPrefs],
  );
  return <LayoutStateContext.Provider value={value}>{children}</LayoutStateContext.Provider>;
}

export function useLayoutState(): LayoutState {
  const value = useContext(LayoutStateContext);
  if (!value) throw new Error('useLayoutState must be used inside LayoutStateProvider');
  return value;
}
