import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { useSessionContext } from './session-context.ts';

export const PASSWORD_PANEL = '/user/center/password';

const Bar = styled.div`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: 8px 16px;
  max-width: ${({ theme }) => theme.layout.maxWidth}px;
  width: 100%;
  margin: 8px auto 0;
  padding: 8px 16px;
  border-radius: ${({ theme }) => theme.radii.md}px;
  background: #fff7e6;
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.warning};
  p {
    flex: 1;
    min-width: 0;
    margin: 0;
  }
  a,
  button {
    font: inherit;
    color: ${({ theme }) => theme.colors.primaryStrong};
    background: none;
    border: 0;
    padding: 4px;
    cursor: pointer;
  }
  a:focus-visible,
  button:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
  }
`;

/**
 * While the account keeps its initial password (`session.defaultPassword`, the seeded admin):
 * a prompt leading to the change-password panel. It can be put aside for this page view and
 * is gone for good once the password is changed (the session then says so).
 */
export default function DefaultPasswordBanner() {
  const intl = useIntl();
  const location = useLocation();
  const { defaultPassword } = useSessionContext();
  const [dismissed, setDismissed] = useState(false);
  if (!defaultPassword || dismissed) return null;
  return (
    <Bar role="status">
      <p>{intl.formatMessage({ id: 'auth.defaultPassword' })}</p>
      {location.pathname !== PASSWORD_PANEL && (
        <Link to={PASSWORD_PANEL}>{intl.formatMessage({ id: 'auth.changePasswordNow' })}</Link>
      )}
      <button type="button" onClick={() => setDismissed(true)}>
        {intl.formatMessage({ id: 'auth.later' })}
      </button>
    </Bar>
  );
}
