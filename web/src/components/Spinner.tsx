import { useIntl } from 'react-intl';
import styled, { keyframes } from 'styled-components';

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const Circle = styled.span<{ $size: number }>`
  display: inline-block;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border: 2px solid currentColor;
  border-right-color: transparent;
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
  vertical-align: middle;
  @media (prefers-reduced-motion: reduce) {
    animation-duration: 2.4s;
  }
`;

/** A spinner; announced as 'Loading…' unless decorative. */
export function Spinner({ size = 24, decorative }: { size?: number; decorative?: boolean }) {
  const intl = useIntl();
  if (decorative) return <Circle $size={size} aria-hidden="true" />;
  return <Circle $size={size} role="img" aria-label={intl.formatMessage({ id: 'kit.loading' })} />;
}
