import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { EmptyState } from '../components/EmptyState.tsx';
import './login-required-messages.ts';

/**
 * What a page for signed-in shoppers says to a visitor: with JavaScript the layout goes on to the
 * login page at once; without it (or before it has loaded) this is the way there.
 */
export default function LoginRequired({ to }: { to: string }) {
  const intl = useIntl();
  return (
    <EmptyState
      title={intl.formatMessage({ id: 'layout.loginRequired' })}
      action={<Link to={to}>{intl.formatMessage({ id: 'auth.goLogin' })}</Link>}
    />
  );
}
