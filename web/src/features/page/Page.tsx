import styled from 'styled-components';
import { mobileQuery } from '../../theme.ts';

/** The content column of a shop screen. */
export const PageWrap = styled.div`
  max-width: ${({ theme }) => theme.layout.maxWidth}px;
  margin: 0 auto;
  padding: 16px;
  ${mobileQuery} {
    padding: 10px;
  }
`;

export const PageHeading = styled.h1`
  margin: 4px 0 16px;
  font-size: ${({ theme }) => theme.fontSizes.xl}px;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.text};
`;

export const Section = styled.section`
  margin-bottom: 24px;
`;

export const SectionHeader = styled.div`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  margin-bottom: 12px;
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg}px;
    font-weight: 600;
    border-left: 4px solid ${({ theme }) => theme.colors.primary};
    padding-left: 8px;
  }
  a {
    color: ${({ theme }) => theme.colors.textSecondary};
    font-size: ${({ theme }) => theme.fontSizes.sm}px;
    text-decoration: none;
  }
  a:hover {
    color: ${({ theme }) => theme.colors.primaryStrong};
  }
`;

export const Panel = styled.div`
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.md}px;
  box-shadow: ${({ theme }) => theme.shadows.card};
  padding: 16px;
`;

/** A panel holding one part of a screen under its own h2 heading. */
export const SectionPanel = styled(Panel)`
  h2 {
    margin: 0 0 12px;
    font-size: ${({ theme }) => theme.fontSizes.lg}px;
  }
`;

/** Read by screen readers, not shown. */
export const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
`;
