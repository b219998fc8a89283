import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { Center } from './Center.tsx';

const Box = styled(Center)`
  color: ${({ theme }) => theme.colors.muted};
`;

/** Nothing to show: a message (default '暂无数据') and an optional action. */
export function EmptyState({
  title,
  children,
  action,
}: {
  title?: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
}) {
  const intl = useIntl();
  return (
    <Box data-testid="empty-state">
      <svg width="64" height="48" viewBox="0 0 64 48" aria-hidden="true" focusable="false">
        <rect x="6" y="14" width="52" height="30" rx="4" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M6 24h16l4 6h12l4-6h16" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
      <p>{title ?? intl.formatMessage({ id: 'kit.empty' })}</p>
      {children}
      {action}
    </Box>
  );
}
