import { createContext, useContext, useSyncExternalStore } from 'react';
import { getCookie, setCookie } from '../lib/cookies.ts';
import { secureStorage } from '../lib/secure-storage.ts';
import { theme } from '../theme.ts';

/**
 * App state of the menu screens' layout (personal centre, back office): the device type (from
 * the viewport, updated on resize), the sidebar's open state (a desktop's in the sidebar cookie,
 * a phone's closed until asked for) and this browser's layout preferences (encrypted storage).
 * It lives in the menu screens' chunk, so the storefront's first load does not carry it.
 */

/** The one name of the sidebar cookie ('1' open, '0' closed), read by the browser and the server render. */
export const SIDEBAR_COOKIE = 'sidebarStatus';

/** Sidebar state: open unless the cookie says '0'. */
export const getSidebarOpened = (): boolean => getCookie(SIDEBAR_COOKIE) !== '0';

export const setSidebarOpened = (opened: boolean): void => setCookie(SIDEBAR_COOKIE, opened ? '1' : '0');

/** The sidebar state a request's `Cookie` header asks for: open unless it says '0'. */
export const sidebarOpenedFromHeader = (header: string | null | undefined): boolean =>
  !new RegExp(`(?:^|;)\\s*${SIDEBAR_COOKIE}=0\\s*(?:;|$)`).test(header ?? '');

/** The kind of screen the app runs on (the same breakpoint as `mobileQuery`). */
export type Device = 'desktop' | 'mobile';

export const deviceOf = (width: number): Device => (width <= theme.breakpoints.mobile ? 'mobile' : 'desktop');

/** This browser's own choices in the layout settings panel; unset means the shop's setting. */
export interface LayoutPrefs {
  fixedHeader?: boolean;
  sidebarLogo?: boolean;
}

export interface LayoutSnapshot {
  device: Device;
  /** The desktop sidebar's state, kept in the sidebar cookie. */
  desktopSidebarOpen: boolean;
  /** A phone's sidebar: closed until asked for, closed again after each navigation. */
  mobileSidebarOpen: boolean;
  prefs: LayoutPrefs;
}

/**
 * The sidebar state the server rendered the page with, from the request's `Cookie` header: the
 * server render provides it (entry-server.tsx); in the browser the HTML itself says it.
 */
export const ServerSidebarContext = createContext<boolean | undefined>(undefined);

/** The preferences' key in the encrypted storage. */
const PREFS_KEY = 'layoutPrefs';

let state: LayoutSnapshot | null = null;
const listeners = new Set<() => void>();
const serverSnapshots = new Map<boolean, LayoutSnapshot>();

/** What the server-rendered HTML shows (MenuSection writes it), else the cookie. */
function renderedSidebar(): boolean {
  const shown = document.querySelector('[data-sidebar-opened]')?.getAttribute('data-sidebar-opened');
  return shown == null ? getSidebarOpened() : shown === 'true';
}

/** The snapshot a server renders (a desktop, nothing chosen yet), and hydration starts from. */
function serverSnapshot(sidebarOpen: boolean): LayoutSnapshot {
  let snapshot = serverSnapshots.get(sidebarOpen);
  if (!snapshot) {
    snapshot = { device: 'desktop', desktopSidebarOpen: sidebarOpen, mobileSidebarOpen: false, prefs: {} };
    serverSnapshots.set(sidebarOpen, snapshot);
  }
  return snapshot;
}

function current(): LayoutSnapshot {
  state ??= {
    device: deviceOf(window.innerWidth),
    desktopSidebarOpen: renderedSidebar(),
    mobileSidebarOpen: false,
    prefs: {},
  };
  return state;
}

function update(change: Partial<LayoutSnapshot>): void {
  const next = { ...current(), ...change };
  if (next.device === 'desktop') next.mobileSidebarOpen = false;
  state = next;
  for (const listener of listeners) listener();
}

const onResize = () => {
  const device = deviceOf(window.innerWidth);
  if (device !== current().device) update({ device });
};

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    // A menu screen opens: the device, the cookie (a server that could not read it rendered the
    // default) and the stored preferences are read afresh; the kept values show meanwhile.
    window.addEventListener('resize', onResize);
    update({ device: deviceOf(window.innerWidth), desktopSidebarOpen: getSidebarOpened() });
    void secureStorage.get<LayoutPrefs>(PREFS_KEY).then((prefs) => update({ prefs: prefs ?? {} }));
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('resize', onResize);
  };
}

export const layoutActions = {
  /** Opens or closes the sidebar on this device; a desktop's choice goes into the cookie. */
  toggleSidebar(): void {
    const { device, desktopSidebarOpen, mobileSidebarOpen } = current();
    if (device === 'mobile') {
      update({ mobileSidebarOpen: !mobileSidebarOpen });
      return;
    }
    setSidebarOpened(!desktopSidebarOpen);
    update({ desktopSidebarOpen: !desktopSidebarOpen });
  },
  closeMobileSidebar(): void {
    if (current().mobileSidebarOpen) update({ mobileSidebarOpen: false });
  },
  setPrefs(prefs: LayoutPrefs): void {
    update({ prefs });
    void secureStorage.set(PREFS_KEY, prefs);
  },
};

/** The layout state; `sidebarOpen` is whether the sidebar shows on this device. */
export function useLayoutState(): LayoutSnapshot & { sidebarOpen: boolean } {
  const rendered = useContext(ServerSidebarContext);
  const snapshot = useSyncExternalStore(subscribe, current, () =>
    serverSnapshot(rendered ?? (typeof document === 'undefined' ? true : renderedSidebar())),
  );
  const sidebarOpen = snapshot.device === 'mobile' ? snapshot.mobileSidebarOpen : snapshot.desktopSidebarOpen;
  return { ...snapshot, sidebarOpen };
}
