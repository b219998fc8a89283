import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { Center, primaryLink } from '../../components/Center.tsx';
import { focusRing } from '../../components/focus-ring.ts';
import { useToast } from '../../components/toast.tsx';
import './no-authority-messages.ts'; // this chunk's texts

const Box = styled(Center)`
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.md}px;
  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl}px;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.muted};
    overflow-wrap: anywhere;
  }
  a {
    ${primaryLink}
  }
  a:focus-visible {
    ${focusRing}
  }
`;

const Code = styled.span`
  font-size: 48px;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.warning};
`;

/**
 * /no-authority: a screen the user's menus do not give (a shopper typing /admin/orders). The
 * warning toast '无访问权限' (docs/product.md, "Server menus") and this screen; the session is kept: nothing was asked of
 * the server, so there is no 403 to log out for.
 */
export default function NoAuthorityPage() {
  const intl = useIntl();
  const toast = useToast();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  const warned = useRef(false);
  const text = intl.formatMessage({ id: 'auth.forbidden' });

  useEffect(() => {
    if (warned.current) return;
    warned.current = true;
    toast.warning(text);
  }, [toast, text]);

  return (
    <Box as="section" aria-labelledby="no-authority-title">
      <Code aria-hidden="true">403</Code>
      <h1 id="no-authority-title">{text}</h1>
      <p>
        {intl.formatMessage({ id: 'noAuthority.message' })}
        {from ? ` (${from})` : ''}
      </p>
      <Link to="/home">{intl.formatMessage({ id: 'noAuthority.home' })}</Link>
    </Box>
  );
}
