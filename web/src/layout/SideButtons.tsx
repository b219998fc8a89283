import { isLink } from '@shop/common/link.ts';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { focusRing } from '../components/focus-ring.ts';
import { useToast } from '../components/toast.tsx';
import { mobileQuery } from '../theme.ts';

/** The side buttons appear once the page is scrolled more than 300 px. */
export const SIDE_BUTTON_THRESHOLD = 300;

/**
 * The chat link for a customer-service handle: a full link is used as is, otherwise the handle
 * goes into the chat URL template (VITE_CUSTOMER_SERVICE_URL, `{handle}` placeholder).
 */
export function customerServiceLink(handle: string | null | undefined): string | null {
  const text = handle?.trim();
  if (!text) return null;
  if (isLink(text)) return text;
  const template =
    (import.meta.env.VITE_CUSTOMER_SERVICE_URL as string | undefined) ??
    'https://wpa.qq.com/msgrd?v=3&uin={handle}&site=qq&menu=yes';
  return template.replace('{handle}', encodeURIComponent(text));
}

const Stack = styled.div`
  position: fixed;
  right: 16px;
  bottom: ${({ theme }) => theme.layout.tabBarHeight + 24}px;
  display: flex;
  flex-direction: column;
  gap: 8px;
  z-index: ${({ theme }) => theme.zIndex.sideButtons};
  /* a phone keeps a strip at its right edge free for them (theme.layout.sideButtonsGutter) */
  ${mobileQuery} {
    right: 4px;
    bottom: ${({ theme }) => theme.layout.tabBarHeight + 12}px;
    gap: 6px;
  }
`;

const Round = styled.button`
  width: 48px;
  height: 48px;
  border-radius: 50%;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.primaryStrong};
  box-shadow: ${({ theme }) => theme.shadows.popup};
  font: inherit;
  font-size: 12px;
  font-weight: 600;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.primaryStrong};
    color: #fff;
  }
  &:focus-visible {
    ${focusRing}
  }
  ${mobileQuery} {
    width: 36px;
    height: 36px;
    font-size: 11px;
  }
`;

function useScrolledPast(threshold: number): boolean {
  // Not scrolled on the first render, as on the server (a restored scroll position would not
  // match the server's HTML). The real position is read once the page is laid out and painted:
  // read inside the effects that follow hydration, it would make the browser lay the whole page
  // out there, in the same long task.
  const [past, setPast] = useState(false);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > threshold);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(onScroll, 0);
    });
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
    };
  }, [threshold]);
  return past;
}

/** Customer service and TOP, shown after 300 px of scrolling. */
export function SideButtons({ customerService }: { customerService: string | null | undefined }) {
  const intl = useIntl();
  const toast = useToast();
  const visible = useScrolledPast(SIDE_BUTTON_THRESHOLD);
  if (!visible) return null;

  const openService = () => {
    const link = customerServiceLink(customerService);
    if (!link) {
      toast.warning(intl.formatMessage({ id: 'layout.customerServiceNotSet' }));
      return;
    }
    window.open(link, '_blank', 'noopener,noreferrer');
  };

  const toTop = () => {
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
    document.getElementById('main-content')?.focus({ preventScroll: true });
  };

  return (
    <Stack data-testid="side-buttons">
      <Round
        type="button"
        onClick={openService}
        aria-label={intl.formatMessage({ id: 'layout.customerService' })}
      >
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M4 12a8 8 0 0 1 16 0v5a2 2 0 0 1-2 2h-3v-6h5M4 13h5v6H6a2 2 0 0 1-2-2z"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          />
        </svg>
      </Round>
      <Round type="button" onClick={toTop} aria-label={intl.formatMessage({ id: 'layout.backToTop' })}>
        {intl.formatMessage({ id: 'layout.top' })}
      </Round>
    </Stack>
  );
}
