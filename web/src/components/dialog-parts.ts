import styled, { css } from 'styled-components';

/**
 * The look shared by the dialogs (Radix Dialog) and the confirmations (Radix AlertDialog): the
 * overlay is also the flex box that centres the panel, so a tall panel scrolls inside it.
 */
export const overlayStyles = css`
  position: fixed;
  inset: 0;
  background: ${({ theme }) => theme.colors.overlay};
  z-index: ${({ theme }) => theme.zIndex.dialog};
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 16px;
`;

export const panelStyles = css<{ $width: number }>`
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border-radius: ${({ theme }) => theme.radii.lg}px;
  box-shadow: ${({ theme }) => theme.shadows.popup};
  width: min(100%, ${({ $width }) => $width}px);
  max-height: calc(100vh - 32px);
  overflow: auto;
  &:focus {
    outline: none;
  }
`;

export const titleStyles = css`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg}px;
`;

type Styleable = Parameters<typeof styled>[0];

/** The overlay, panel and title of one Radix family (Dialog or AlertDialog), styled alike. */
export function styledDialogFrame<O extends Styleable, C extends Styleable, T extends Styleable>(parts: {
  Overlay: O;
  Content: C;
  Title: T;
}) {
  return {
    Overlay: styled(parts.Overlay)`
      ${overlayStyles}
    `,
    Panel: styled(parts.Content)<{ $width: number }>`
      ${panelStyles}
    `,
    Title: styled(parts.Title)`
      ${titleStyles}
    `,
  };
}

export const DialogHeader = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: 16px 20px 8px;
`;

export const DialogBody = styled.div`
  padding: 8px 20px 16px;
`;

export const DialogFooter = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 8px;
  padding: 0 20px 16px;
`;
