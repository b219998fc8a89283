import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useRef,
  useState,
} from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useIntl } from 'react-intl';
import { useToast } from './toast.tsx';

/** Most visits never confirm anything: the dialog loads on first use. */
const lazyDialog = () => lazy(() => import('./ConfirmDialog.tsx'));
/** Replaced after a failed download: React keeps a failed lazy component failed. */
let ConfirmDialog = lazyDialog();

/**
 * A question and its two answers. Both buttons name what they do ('取消订单' / '再想想'), never a
 * bare OK / Cancel: under "Confirm to cancel the order?" a "Cancel" button would be ambiguous.
 */
export interface ConfirmOptions {
  message: string;
  title?: string;
  confirmText: string;
  cancelText: string;
}

type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm>(() => Promise.resolve(false));

interface Pending extends ConfirmOptions {
  resolve: (value: boolean) => void;
}

/** Confirmation dialogs ('Confirm deletion?', …) as a promise: true on confirm, false on cancel/Esc. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const pendingRef = useRef<Pending | null>(null);

  const confirm = useCallback<Confirm>(
    (options) =>
      new Promise<boolean>((resolve) => {
        pendingRef.current?.resolve(false);
        const next = { ...options, resolve };
        pendingRef.current = next;
        setPending(next);
      }),
    [],
  );

  const settle = (value: boolean) => {
    pendingRef.current?.resolve(value);
    pendingRef.current = null;
    setPending(null);
  };
  const intl = useIntl();
  const toast = useToast();
  const unasked = () => {
    ConfirmDialog = lazyDialog(); // the next question downloads it again
    settle(false);
    toast.error(intl.formatMessage({ id: 'app.networkError' }));
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {pending && (
        // the dialog's code cannot be downloaded (the network is down): the question is
        // answered "no" and the shopper told why, rather than the error taking the page down
        <ErrorBoundary fallback={null} onError={unasked}>
          <Suspense fallback={null}>
            <ConfirmDialog options={pending} onSettle={settle} />
          </Suspense>
        </ErrorBoundary>
      )}
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  return useContext(ConfirmContext);
}
