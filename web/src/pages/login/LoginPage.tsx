import { useApolloClient } from '@apollo/client/react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { LoginForm } from '../../auth/LoginForm.tsx';
import { RegisterForm } from '../../auth/RegisterForm.tsx';
import { safeRedirect } from '../../auth/redirect.ts';
import { useSession } from '../../auth/useRequireLogin.ts';
import { useFormResult } from '../../components/form/server-result.ts';
import { LocaleSwitcher } from '../../i18n/LocaleSwitcher.tsx';
import type { MessageId } from '../../i18n/message-ids.ts';
import './messages.ts'; // this screen's texts

const Page = styled.main`
  min-height: 100vh;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 16px;
  background: linear-gradient(135deg, ${({ theme }) => theme.colors.primaryLight}, ${({ theme }) => theme.colors.background});
`;

const Card = styled.section`
  width: min(100%, 400px);
  padding: 24px;
  border-radius: ${({ theme }) => theme.radii.lg}px;
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.popup};
  h1 {
    margin: 0 0 16px;
    font-size: ${({ theme }) => theme.fontSizes.xxl}px;
    color: ${({ theme }) => theme.colors.primaryStrong};
  }
`;

const Notice = styled.p`
  margin: 0 0 16px;
  padding: 8px 12px;
  border-radius: ${({ theme }) => theme.radii.sm}px;
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.warning};
`;

/** Why the shopper was sent here (`?reason=`), said on the page instead of a silent redirect. */
const REASONS: Record<string, MessageId> = { expired: 'loginPage.expired' };

const Top = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  margin-bottom: 8px;
`;

/** /login: the login form (or register); afterwards back to the place kept in ?redirect=. */
export default function LoginPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const client = useApolloClient();
  const [params] = useSearchParams();
  const { isAuthenticated } = useSession();
  // `?mode=register` (the switch's link without JavaScript), or a registration the server refused.
  const registering = useFormResult('register') !== null || params.get('mode') === 'register';
  const [mode, setMode] = useState<'login' | 'register'>(registering ? 'register' : 'login');
  const target = safeRedirect(params.get('redirect'));
  const modeHref = (next: 'login' | 'register') => {
    const query = new URLSearchParams(params);
    if (next === 'register') query.set('mode', 'register');
    else query.delete('mode');
    const search = query.toString();
    return search ? `/login?${search}` : '/login';
  };
  const reason = REASONS[params.get('reason') ?? ''];

  if (isAuthenticated) return <Navigate to={target} replace />;

  // an initial password is said once, by the layout's banner on the page the admin lands on
  const done = async () => {
    await client.resetStore().catch(() => {});
    navigate(target, { replace: true });
  };

  return (
    <Page>
      <Card aria-labelledby="login-heading">
        <Top>
          <Link to="/home">{intl.formatMessage({ id: 'loginPage.backHome' })}</Link>
          <LocaleSwitcher />
        </Top>
        <h1 id="login-heading">
          {intl.formatMessage({ id: mode === 'login' ? 'auth.loginTitle' : 'auth.registerTitle' })}
        </h1>
        {reason && <Notice role="status">{intl.formatMessage({ id: reason })}</Notice>}
        {mode === 'login' ? (
          <LoginForm
            onSuccess={() => void done()}
            onSwitchToRegister={() => setMode('register')}
            registerHref={modeHref('register')}
            redirectTo={target}
          />
        ) : (
          <RegisterForm
            onSuccess={({ signedIn }) => (signedIn ? void done() : setMode('login'))}
            onSwitchToLogin={() => setMode('login')}
            loginHref={modeHref('login')}
            redirectTo={target}
          />
        )}
      </Card>
    </Page>
  );
}
