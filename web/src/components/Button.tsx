import { type ButtonHTMLAttributes, forwardRef } from 'react';
import styled, { css } from 'styled-components';
import { focusRing } from './focus-ring.ts';
import { Spinner } from './Spinner.tsx';

export type ButtonVariant = 'primary' | 'default' | 'text' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'sm' | 'md' | 'lg';
  block?: boolean;
  /** Shows a spinner and disables the button (prevents double submits). */
  loading?: boolean;
}

const heights = { sm: 28, md: 36, lg: 44 };

/** The button's look, for ButtonLink. */
export const StyledButton = styled.button<{
  $variant: ButtonVariant;
  $size: 'sm' | 'md' | 'lg';
  $block?: boolean;
}>`
  display: ${({ $block }) => ($block ? 'flex' : 'inline-flex')};
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  align-items: center;
  justify-content: center;
  gap: 6px;
  height: ${({ $size }) => heights[$size]}px;
  padding: 0 ${({ $size }) => ($size === 'sm' ? 10 : 16)}px;
  border-radius: ${({ theme }) => theme.radii.sm}px;
  font: inherit;
  font-size: ${({ theme, $size }) => ($size === 'lg' ? theme.fontSizes.lg : theme.fontSizes.md)}px;
  cursor: pointer;
  border: 1px solid transparent;
  white-space: nowrap;
  transition: background-color 0.15s, border-color 0.15s, color 0.15s;
  ${({ theme, $variant }) => {
    switch ($variant) {
      case 'primary':
        return css`
          background: ${theme.colors.primaryStrong};
          color: #fff;
          &:hover:not(:disabled) { background: ${theme.colors.primaryDark}; }
        `;
      case 'danger':
        return css`
          background: ${theme.colors.surface};
          color: ${theme.colors.error};
          border-color: ${theme.colors.error};
        `;
      case 'text':
        return css`
          background: transparent;
          color: ${theme.colors.primaryStrong};
          padding: 0 4px;
        `;
      default:
        return css`
          background: ${theme.colors.surface};
          color: ${theme.colors.text};
          border-color: ${theme.colors.border};
          &:hover:not(:disabled) { border-color: ${theme.colors.primaryStrong}; color: ${theme.colors.primaryStrong}; }
        `;
    }
  }}
  &:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
  &:focus-visible {
    ${focusRing}
  }
`;

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'default', size = 'md', block, loading, disabled, children, type = 'button', ...rest },
  ref,
) {
  return (
    <StyledButton
      ref={ref}
      type={type}
      $variant={variant}
      $size={size}
      $block={block}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <Spinner size={14} decorative />}
      {children}
    </StyledButton>
  );
});
