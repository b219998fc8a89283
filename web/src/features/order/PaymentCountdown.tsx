import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { formatCountdown } from '../../../../common/format.ts';

const Text = styled.span`
  color: ${({ theme }) => theme.colors.primaryStrong};
  font-variant-numeric: tabular-nums;
`;

/**
 * Time left to pay a pending order, ticking each second. When it runs out `onExpire` is
 * called once (the page asks for the order again: the service cancels it).
 */
export function PaymentCountdown({ deadline, onExpire }: { deadline: string; onExpire?: () => void }) {
  const intl = useIntl();
  const end = Date.parse(deadline);
  const [now, setNow] = useState(() => Date.now());
  const left = formatCountdown(end - now);

  useEffect(() => {
    if (!left) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [left]);

  useEffect(() => {
    if (!left && Number.isFinite(end)) onExpire?.();
  }, [left, end, onExpire]);

  if (!Number.isFinite(end)) return null;
  return (
    <Text role="timer" aria-live="off">
      {left
        ? intl.formatMessage({ id: 'order.countdown' }, { time: left })
        : intl.formatMessage({ id: 'order.countdownOver' })}
    </Text>
  );
}
