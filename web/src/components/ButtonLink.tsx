import type { AnchorHTMLAttributes } from 'react';
import styled from 'styled-components';
import { type ButtonVariant, StyledButton } from './Button.tsx';

const StyledLink = styled(StyledButton)`
  text-decoration: none;
`;

/**
 * A link drawn as a button: for an action that is also a place (the login page), so it works
 * without JavaScript; the script may take the click (`onClick` with `preventDefault`).
 */
export function ButtonLink({
  variant = 'default',
  size = 'md',
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { variant?: ButtonVariant; size?: 'sm' | 'md' | 'lg' }) {
  return <StyledLink as="a" $variant={variant} $size={size} {...rest} />;
}
