import styled from 'styled-components';

/**
 * What an accepted form says, above its fields, when the server ran it (sent without JavaScript:
 * the page came back with `?done=<form>`). With JavaScript the same text is a success toast.
 */
export const FormDone = styled.p.attrs({ role: 'status' })`
  margin: 0 0 16px;
  padding: 8px 12px;
  border-radius: ${({ theme }) => theme.radii.sm}px;
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.success};
`;
