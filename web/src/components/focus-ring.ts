import { css } from 'styled-components';

/** The keyboard focus ring of every control (as GlobalStyle draws it where a control sets none). */
export const focusRing = css`
  outline: 2px solid ${({ theme }) => theme.colors.focus};
  outline-offset: 2px;
`;
