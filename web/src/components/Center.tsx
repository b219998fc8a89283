import styled, { css } from 'styled-components';

/** A column of centred content: the empty and failed states, the 403 and 404 screens. */
export const Center = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 12px;
  padding: 48px 16px;
  text-align: center;
`;

/** A link drawn as the primary button: the way home from the 403 and 404 screens. */
export const primaryLink = css`
  padding: 8px 20px;
  border-radius: ${({ theme }) => theme.radii.sm}px;
  background: ${({ theme }) => theme.colors.primaryStrong};
  color: #fff;
  text-decoration: none;
`;
