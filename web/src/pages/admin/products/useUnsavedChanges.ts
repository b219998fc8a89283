import { useCallback, useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useBlocker } from 'react-router-dom';
import { useConfirm } from '../../../components/confirm.tsx';
import './product-messages.ts'; // this chunk's texts

/**
 * While `dirty`, leaving the page asks first: a navigation inside the app (a link, the back button)
 * with the app's confirmation ('离开' / '继续编辑'), closing or reloading the tab with the browser's
 * own question (its text is the browser's; `beforeunload` can only ask for it). `release()` lets
 * the form's own navigation after a save through before the next render says it is clean.
 */
export function useUnsavedChanges(dirty: boolean) {
  const intl = useIntl();
  const confirm = useConfirm();
  // only a move to another page: a changed query or hash of this page keeps the form
  const released = useRef(false);
  released.current = false;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !released.current && currentLocation.pathname !== nextLocation.pathname,
  );
  const release = useCallback(() => {
    released.current = true;
  }, []);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let settled = false;
    void confirm({
      message: intl.formatMessage({ id: 'products.unsaved.confirm' }),
      confirmText: intl.formatMessage({ id: 'products.unsaved.leave' }),
      cancelText: intl.formatMessage({ id: 'products.unsaved.stay' }),
    }).then((leave) => {
      if (settled) return;
      settled = true;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
    return () => {
      settled = true;
    };
  }, [blocker, confirm, intl]);

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // older browsers show the question only when a value is returned
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  return { release };
}
