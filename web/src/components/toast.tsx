import { type ComponentType, type ReactNode, useEffect, useState } from 'react';

export type ToastType = 'success' | 'error' | 'warning' | 'info';
/** A toast stays 3000 ms (docs/product.md, "Constants"). */
export const TOAST_DURATION_MS = 3000;

export interface ToastApi {
  success: (text: string) => void;
  error: (text: string) => void;
  warning: (text: string) => void;
  info: (text: string) => void;
  show: (type: ToastType, text: string) => void;
}

export type ShowToast = (type: ToastType, text: string) => void;

export interface ToasterProps {
  /** Called with the toaster's `show` once it listens, and with null when it unmounts. */
  onReady: (show: ShowToast | null) => void;
}

/*
 * The toasts are drawn by sonner, kept out of the entry chunk (the first page's budget): this
 * facade is all the entry chunk holds. The mounted ToastProvider downloads the toaster
 * (`Toaster.tsx`, with sonner) as soon as the page is idle, so a message still shows when the
 * network has gone since (an outage, the very moment a message is needed), and mounts it with the
 * first message; the message is shown once it listens.
 */

/** The mounted toaster's `show`, once it listens. */
let showNow: ShowToast | null = null;
/** A message asked for before that: only the latest, since one message shows at a time. */
let waiting: { type: ToastType; text: string } | null = null;
/** The mounted ToastProvider's "load and mount the toaster". */
let mountToaster: (() => void) | null = null;
/** The toaster's module, once asked for; forgotten when its download failed, to be asked again. */
let toasterModule: Promise<ComponentType<ToasterProps>> | null = null;

/** The toaster's module as Vite's manifest names it: the server preloads it with every page. */
export const TOASTER_MODULE = 'src/components/Toaster.tsx';

function loadToaster(): Promise<ComponentType<ToasterProps>> {
  toasterModule ??= import('./Toaster.tsx').then(
    (module) => module.default,
    (error: unknown) => {
      toasterModule = null;
      throw error;
    },
  );
  return toasterModule;
}

function show(type: ToastType, text: string): void {
  // nothing on the server: a render's errors are shown by the page itself
  if (!text || typeof document === 'undefined') return;
  if (showNow) {
    showNow(type, text);
    return;
  }
  waiting = { type, text };
  mountToaster?.();
}

function onToasterReady(next: ShowToast | null): void {
  showNow = next;
  if (next && waiting) {
    const { type, text } = waiting;
    waiting = null;
    next(type, text);
  }
}

const toast: ToastApi = {
  show,
  success: (text) => show('success', text),
  error: (text) => show('error', text),
  warning: (text) => show('warning', text),
  info: (text) => show('info', text),
};

/** Toasts outside React (the Apollo error link). */
export function toastOutsideReact(type: ToastType, text: string): void {
  show(type, text);
}

/** Envelope / GraphQL `type` (1 success, 2 error, 3 warning) → toast type (default error). */
export function toastTypeOf(type: unknown): ToastType {
  if (type === 1 || type === 'SUCCESS' || type === 'success') return 'success';
  if (type === 3 || type === 'WARNING' || type === 'warning') return 'warning';
  return 'error';
}

/**
 * One message at a time (a new one replaces the previous), each shown 3 s. Renders nothing until
 * the first message, so the server's HTML and the hydrating client agree; the toaster's code is
 * downloaded when the page is first idle.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [Toaster, setToaster] = useState<ComponentType<ToasterProps> | null>(null);
  useEffect(() => {
    let loading = false;
    // imported here rather than through React.lazy: no Suspense boundary to reveal, so the first
    // message is not held back by React's throttling of suspended content
    const mount = () => {
      if (loading) return;
      loading = true;
      loadToaster().then(
        (loaded) => setToaster(() => loaded),
        () => {
          loading = false; // a chunk that failed to load is asked for again with the next message
        },
      );
    };
    mountToaster = mount;
    // a message asked for before this provider mounted (during hydration)
    if (waiting) mount();
    // downloaded, not mounted: nothing is drawn before the first message
    const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
    idle(() => void loadToaster().catch(() => {}));
    return () => {
      if (mountToaster !== mount) return;
      mountToaster = null;
      waiting = null; // nobody left to show it
    };
  }, []);
  return (
    <>
      {children}
      {Toaster && <Toaster onReady={onToasterReady} />}
    </>
  );
}

export function useToast(): ToastApi {
  return toast;
}
