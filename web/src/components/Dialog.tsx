import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode, RefObject } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { DialogBody, DialogFooter, DialogHeader, styledDialogFrame } from './dialog-parts.ts';
import { useReturnFocus } from './return-focus.ts';

const { Overlay, Panel, Title } = styledDialogFrame(RadixDialog);

const CloseButton = styled(RadixDialog.Close)`
  border: 0;
  background: transparent;
  font-size: 20px;
  line-height: 1;
  cursor: pointer;
  color: ${({ theme }) => theme.colors.muted};
  padding: 4px 8px;
  border-radius: ${({ theme }) => theme.radii.sm}px;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
  }
`;

/** An outside click or focus never closes a dialog (docs/product.md, "Constants"): only Esc, × or the dialog's own buttons. */
const keepOpen = (event: Event) => event.preventDefault();

export interface DialogProps {
  open: boolean;
  title: ReactNode;
  /** Called on Esc and the close button. An outside click never closes. */
  onClose: () => void;
  children?: ReactNode;
  footer?: ReactNode;
  width?: number;
  /** A short text the dialog is described by (read out with the title). */
  description?: ReactNode;
  hideCloseButton?: boolean;
  /** Element to focus first (defaults to the first focusable element). */
  initialFocusRef?: RefObject<HTMLElement | null>;
}

/**
 * Modal dialog on Radix Dialog: role=dialog, aria-modal, labelled by its title (described by
 * `description` when given), the focus moved in and kept inside, the page behind hidden from
 * assistive technology, Esc closes and the focus goes back to the opener. Renders nothing while
 * closed, and nothing on the server (the portal mounts after hydration).
 */
export function Dialog({
  open,
  title,
  onClose,
  children,
  footer,
  width = 420,
  description,
  hideCloseButton,
  initialFocusRef,
}: DialogProps) {
  const intl = useIntl();
  const focus = useReturnFocus(open, initialFocusRef);
  return (
    <RadixDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <RadixDialog.Portal>
        <Overlay data-testid="dialog-backdrop">
          <Panel
            $width={width}
            aria-modal="true"
            onOpenAutoFocus={focus.onOpenAutoFocus}
            onCloseAutoFocus={focus.onCloseAutoFocus}
            onPointerDownOutside={keepOpen}
            onInteractOutside={keepOpen}
          >
            <DialogHeader>
              <Title>{title}</Title>
              {!hideCloseButton && (
                <CloseButton aria-label={intl.formatMessage({ id: 'kit.close' })}>×</CloseButton>
              )}
            </DialogHeader>
            <DialogBody>
              {description && <RadixDialog.Description>{description}</RadixDialog.Description>}
              {children}
            </DialogBody>
            {footer && <DialogFooter>{footer}</DialogFooter>}
          </Panel>
        </Overlay>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
