import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { Button } from './Button.tsx';
import type { ConfirmOptions } from './confirm.tsx';
import { DialogBody, DialogFooter, DialogHeader, styledDialogFrame } from './dialog-parts.ts';
import { useReturnFocus } from './return-focus.ts';

const { Overlay, Panel, Title } = styledDialogFrame(AlertDialog);

const Message = styled(AlertDialog.Description)`
  margin: 0;
`;

/**
 * The confirmation itself, on Radix AlertDialog: role=alertdialog, labelled by its title and
 * described by its question; the focus starts on the answer that does nothing (its `cancelText`), Esc gives it, an outside click does
 * nothing (an alert dialog asks for an answer). Its own chunk, loaded the first time something asks.
 */
export default function ConfirmDialog({
  options,
  onSettle,
}: {
  options: ConfirmOptions;
  /** Called once per answer; a later call for the same question is ignored by the caller. */
  onSettle: (confirmed: boolean) => void;
}) {
  const intl = useIntl();
  const focus = useReturnFocus(true);
  return (
    <AlertDialog.Root
      open
      onOpenChange={(open) => {
        if (!open) onSettle(false);
      }}
    >
      <AlertDialog.Portal>
        <Overlay data-testid="dialog-backdrop">
          <Panel
            $width={380}
            aria-modal="true"
            onOpenAutoFocus={focus.onOpenAutoFocus}
            onCloseAutoFocus={focus.onCloseAutoFocus}
          >
            <DialogHeader>
              <Title>{options.title ?? intl.formatMessage({ id: 'kit.confirmTitle' })}</Title>
            </DialogHeader>
            <DialogBody>
              <Message>{options.message}</Message>
            </DialogBody>
            <DialogFooter>
              <AlertDialog.Cancel asChild>
                <Button>{options.cancelText}</Button>
              </AlertDialog.Cancel>
              <AlertDialog.Action asChild>
                <Button variant="primary" onClick={() => onSettle(true)}>
                  {options.confirmText}
                </Button>
              </AlertDialog.Action>
            </DialogFooter>
          </Panel>
        </Overlay>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
