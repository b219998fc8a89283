import styled from 'styled-components';
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
  &:focus-visible {
    ${focusRing}
  }
`;
