import type { ReactNode } from 'react';
import styled from 'styled-components';
import { inAppClick } from '../lib/url-params.ts';
import { focusRing } from './focus-ring.ts';

/**
 * A pill-shaped toggle button (a sort order, a facet): the pressed one is drawn in the brand
 * colours, its text in the readable shade for small text.
 */
export const ToggleChip = styled.button<{ $active: boolean }>`
  border: 1px solid ${({ theme, $active }) => ($active ? theme.colors.primary : theme.colors.border)};
  background: ${({ theme, $active }) => ($active ? theme.colors.primaryLight : theme.colors.surface)};
  color: ${({ theme, $active }) => ($active ? theme.colors.primaryStrong : theme.colors.text)};
  border-radius: ${({ theme }) => theme.radii.pill}px;
  padding: 4px 14px;
  font: inherit;
  font-size: ${({ theme }) => theme.fontSizes.sm}px;
  cursor: pointer;
  text-decoration: none;
  &:focus-visible {
    ${focusRing}
  }
`;

/**
 * A choice kept in the URL (a sort order, a facet) drawn as a chip: a real link to the page with
 * that choice, so it works without JavaScript; with it, a click makes the change in the app. The
 * current choice is marked with `aria-current`.
 */
export function ToggleLink({
  href,
  active,
  onChoose,
  className,
  children,
}: {
  href: string;
  active: boolean;
  onChoose: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <ToggleChip
      as="a"
      href={href}
      className={className}
      $active={active}
      aria-current={active ? 'true' : undefined}
      onClick={inAppClick(onChoose)}
    >
      {children}
    </ToggleChip>
  );
}
