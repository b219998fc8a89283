import { formatCountdown } from '@shop/common/format.ts';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';

const Text = styled.span`
  color: ${({ theme }) => theme.colors.primaryStrong};
  font-variant-numeric: tabular-nums;
`;

/**
 * Time left to pay a pending order, ticking each second. When it runs out `onExpire` is
 * called once (the page asks for the order again: the service cancels it). The clock starts
 * once the page is live: the server's HTML and the render that hydrates it would disagree on
 * the second, so both show the timer empty and the first effect fills it in.
 */
export function PaymentCountdown({ deadline, onExpire }: { deadline: string; onExpire?: () => void }) {
  const intl = useIntl();
  const end = Date.parse(deadline);
  const [now, setNow] = useState<number | null>(null);
  const started = now !== null;
  const left = started ? formatCountdown(end - now) : null;

  useEffect(() => {
    if (!started) {
      setNow(Date.now());
      return;
    }
    if (!left) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [started, left]);

  useEffect(() => {
    if (started && !left && Number.isFinite(end)) onExpire?.();
  }, [started, left, end, onExpire]);

  if (!Number.isFinite(end)) return null;
  return (
    <Text role="timer" aria-live="off">
      {!started
        ? null
        : left
          ? intl.formatMessage({ id: 'order.countdown' }, { time: left })
          : intl.formatMessage({ id: 'order.countdownOver' })}
    </Text>
  );
}
