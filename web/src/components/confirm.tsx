import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';

export interface ConfirmOptions {
  message: string;
  title?: string;
  confirmText?: string;
  cancelText?: string;
}

type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm>(() => Promise.resolve(false));

interface Pending extends ConfirmOptions {
  resolve: (value: boolean) => void;
}

/** Confirmation dialogs ('Confirm deletion?', …) as a promise: true on confirm, false on cancel/Esc. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const intl = useIntl();
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

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <Dialog
        open={pending !== null}
        role="alertdialog"
        title={pending?.title ?? intl.formatMessage({ id: 'kit.confirmTitle' })}
        onClose={() => settle(false)}
        width={380}
        footer={
          <>
            <Button onClick={() => settle(false)}>
              {pending?.cancelText ?? intl.formatMessage({ id: 'kit.cancel' })}
            </Button>
            <Button variant="primary" onClick={() => settle(true)}>
              {pending?.confirmText ?? intl.formatMessage({ id: 'kit.ok' })}
            </Button>
          </>
        }
      >
        <p>{pending?.message}</p>
      </Dialog>
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  return useContext(ConfirmContext);
}
