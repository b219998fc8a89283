import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Toaster as SonnerToaster, toast as sonner } from 'sonner';
import styled, { useTheme } from 'styled-components';
import { TOAST_DURATION_MS, type ToasterProps } from './toast.tsx';

/**
 * sonner's own stylesheet (bundled in its module) places and animates the toasts; the toasts are
 * `unstyled` there and drawn here in the shop's theme. The type shows as the left border and the
 * icon's colour, the text says the rest.
 */
const Host = styled.div`
  [data-sonner-toaster] {
    font-family: ${({ theme }) => theme.fonts.body};
  }
  [data-sonner-toast] {
    display: flex;
    align-items: center;
    gap: 8px;
    width: var(--width);
    padding: 10px 16px;
    border-radius: ${({ theme }) => theme.radii.md}px;
    border-left: 4px solid ${({ theme }) => theme.colors.info};
    box-shadow: ${({ theme }) => theme.shadows.popup};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    font-size: ${({ theme }) => theme.fontSizes.md}px;
    line-height: 1.5;
  }
  [data-sonner-toast]:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  [data-sonner-toast] [data-icon] {
    display: flex;
    flex-shrink: 0;
    width: 16px;
    height: 16px;
    color: ${({ theme }) => theme.colors.info};
  }
  ${({ theme }) =>
    (['success', 'error', 'warning'] as const)
      .map(
        (type) => `
  [data-sonner-toast][data-type='${type}'] { border-left-color: ${theme.colors[type]}; }
  [data-sonner-toast][data-type='${type}'] [data-icon] { color: ${theme.colors[type]}; }`,
      )
      .join('')}
`;

/**
 * The toaster, mounted by ToastProvider on the first message: one message at a time (the
 * previous one is dismissed when the next comes), 3 s each (paused while the pointer is on it),
 * under the header. sonner announces every toast in one polite live region; it has no
 * assertive one for errors.
 */
export default function Toaster({ onReady }: ToasterProps) {
  const intl = useIntl();
  const theme = useTheme();
  useEffect(() => {
    // sonner's <Toaster> (a child, so its effect ran first) already listens
    let previous: string | number | undefined;
    onReady((type, text) => {
      if (previous !== undefined) sonner.dismiss(previous);
      previous = sonner[type](text);
    });
    return () => onReady(null);
  }, [onReady]);
  const top = theme.layout.headerHeight + 12;
  return (
    <Host>
      <SonnerToaster
        position="top-center"
        visibleToasts={1}
        duration={TOAST_DURATION_MS}
        offset={{ top }}
        mobileOffset={{ top }}
        hotkey={[]}
        customAriaLabel={intl.formatMessage({ id: 'kit.notifications' })}
        style={{ zIndex: theme.zIndex.toast }}
        toastOptions={{ unstyled: true }}
      />
    </Host>
  );
}
