import styled from 'styled-components';

/** The personal centre's content card. */
export const Panel = styled.section`
  flex: 1;
  min-width: 0;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.md}px;
  padding: 16px 20px;
  h2 {
    margin: 0 0 16px;
    font-size: ${({ theme }) => theme.fontSizes.xl}px;
  }
`;

export const FormBox = styled.form`
  max-width: 480px;
`;

export const Toolbar = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: 8px;
  margin-bottom: 16px;
  h2 {
    margin: 0;
  }
`;
