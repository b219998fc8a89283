import { useIntl } from 'react-intl';
import { Button } from './Button.tsx';
import type { ConfirmOptions } from './confirm.tsx';
import { Dialog } from './Dialog.tsx';

/** The confirmation dialog itself: its own chunk, loaded the first time something asks. */
export default function ConfirmDialog({
  options,
  onSettle,
}: {
  options: ConfirmOptions;
  onSettle: (confirmed: boolean) => void;
}) {
  const intl = useIntl();
  return (
    <Dialog
      open
      role="alertdialog"
      title={options.title ?? intl.formatMessage({ id: 'kit.confirmTitle' })}
      onClose={() => onSettle(false)}
      width={380}
      footer={
        <>
          <Button onClick={() => onSettle(false)}>
            {options.cancelText ?? intl.formatMessage({ id: 'kit.cancel' })}
          </Button>
          <Button variant="primary" onClick={() => onSettle(true)}>
            {options.confirmText ?? intl.formatMessage({ id: 'kit.ok' })}
          </Button>
        </>
      }
    >
      <p>{options.message}</p>
    </Dialog>
  );
}
