import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { Button } from './Button.tsx';
import { Center } from './Center.tsx';

const Box = styled(Center)`
  color: ${({ theme }) => theme.colors.textSecondary};
`;

/** A failed load with a retry button. `message` defaults to '加载失败'. */
export function ErrorState({ message, onRetry }: { message?: ReactNode; onRetry?: () => void }) {
  const intl = useIntl();
  return (
    <Box role="alert">
      <p>{message ?? intl.formatMessage({ id: 'kit.error' })}</p>
      {onRetry && <Button onClick={onRetry}>{intl.formatMessage({ id: 'kit.retry' })}</Button>}
    </Box>
  );
}
