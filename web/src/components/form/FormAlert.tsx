import styled from 'styled-components';

/**
 * A refusal of the whole form (a wrong password), said above its fields. With JavaScript the
 * refusal is a toast; a form the server answered (sent without JavaScript) says it here.
 */
export const FormAlert = styled.p.attrs({ role: 'alert' })`
  margin: 0 0 16px;
  padding: 8px 12px;
  border-radius: ${({ theme }) => theme.radii.sm}px;
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.error};
`;
