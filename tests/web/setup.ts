import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach } from 'vitest';

// `findBy…` and `waitFor` wait up to 5 s, not 1: on two cores shared with the other suites, a
// route that suspends on its data can take more than a second to settle.
configure({ asyncUtilTimeout: 5000 });

// Files that test server rendering (`// @vitest-environment node`) have no browser to tidy or fill in.
const browser = typeof window !== 'undefined';

afterEach(() => {
  cleanup();
  // sonner keeps its toasts in a module of its own and shows the ones still open to the next
  // toaster that mounts: a toast left open by a test would turn up, and expire, in the next one.
  toast.dismiss();
  if (!browser) return;
  localStorage.clear();
  document.cookie.split(';').forEach((part) => {
    const name = part.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  });
});

// jsdom lacks these browser APIs that the layout uses.
if (browser && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;
}
if (browser)
  window.scrollTo = ((...args: unknown[]) => {
    const options = args[0];
    const top =
      typeof options === 'object' && options ? (options as ScrollToOptions).top : (args[1] as number);
    Object.defineProperty(window, 'scrollY', { value: top ?? 0, configurable: true, writable: true });
  }) as typeof window.scrollTo;

// The toaster (sonner) is loaded on the first message; loaded here up front so that a screen's
// first toast is not held back by the module load, which on a busy machine can outlast findBy*'s
// one second. tests/web/toasts.test.tsx checks that it is mounted only on first use.
if (browser) await import('../../web/src/components/Toaster.tsx');
