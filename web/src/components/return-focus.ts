import { useEffect, useRef } from 'react';

/**
 * Where the focus goes when a dialog closes. The dialogs have no Radix `Trigger` (they open from
 * state: a mutation's answer, the login prompt, the confirmation API), so Radix would leave the
 * focus on the body: each dialog remembers the element that had the focus when it opened and
 * gives it back. A dialog that opens while another one closes (the login prompt's "log in now"
 * opens the login form) finds the focus on the body: it takes over the closing one's opener.
 */
let closingOpener: HTMLElement | null = null;

function openerOnOpen(): HTMLElement | null {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body) return active;
  return closingOpener?.isConnected ? closingOpener : null;
}

/** Radix's `onCloseAutoFocus` (deferred by Radix): back to the opener, unless another modal dialog holds the focus now. */
function returnFocus(event: Event, opener: HTMLElement | null): void {
  event.preventDefault();
  if (closingOpener === opener) closingOpener = null;
  if (!opener?.isConnected) return;
  const modal = document.querySelector('[aria-modal="true"]');
  if (modal && !modal.contains(opener)) return;
  opener.focus({ preventScroll: true });
}

/** The focus handlers of a Radix dialog's content that is shown while `open`. */
export function useReturnFocus(open: boolean, initialFocus?: React.RefObject<HTMLElement | null>) {
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (!open) return;
    // on close or unmount, synchronously: a dialog opening in the same moment takes the opener over
    return () => {
      closingOpener = opener.current;
    };
  }, [open]);
  return {
    onOpenAutoFocus: (event: Event) => {
      opener.current = openerOnOpen();
      if (initialFocus?.current) {
        event.preventDefault();
        initialFocus.current.focus();
      }
    },
    onCloseAutoFocus: (event: Event) => returnFocus(event, opener.current),
  };
}
