import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { ACCOUNT_ACTION, loginPath } from '../auth/redirect.ts';
import { useSessionContext } from '../auth/session-context.ts';
import { Picture, pictureAt } from '../components/Picture.tsx';

const Wrap = styled.div`
  position: relative;
  display: flex;
  align-items: center;
`;

/** A button drawn as text: no border or background, the text colour. */
const plainButton = css`
  border: 0;
  background: none;
  font: inherit;
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  border-radius: ${({ theme }) => theme.radii.sm}px;
`;

const Trigger = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  height: 36px;
  padding: 0 8px;
  ${plainButton}
  max-width: 180px;
  span {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
  }
`;

// The avatar is a shopper's photo, often a large one: the variant for 28 px is what loads.
const Avatar = styled(Picture)`
  width: 28px;
  height: 28px;
  border-radius: 50%;
  object-fit: cover;
  background: ${({ theme }) => theme.colors.background};
`;

const Menu = styled.ul`
  position: absolute;
  right: 0;
  top: calc(100% + 4px);
  min-width: 160px;
  margin: 0;
  padding: 4px 0;
  list-style: none;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md}px;
  box-shadow: ${({ theme }) => theme.shadows.popup};
  z-index: ${({ theme }) => theme.zIndex.header + 1};
  a,
  button {
    display: block;
    width: 100%;
    padding: 8px 16px;
    border: 0;
    background: none;
    text-align: left;
    font: inherit;
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
    cursor: pointer;
  }
  a:hover,
  button:hover,
  a:focus-visible,
  button:focus-visible {
    background: ${({ theme }) => theme.colors.primaryLight};
    color: ${({ theme }) => theme.colors.primaryStrong};
  }
  a:focus-visible,
  button:focus-visible {
    outline-offset: -2px;
  }
`;

const AuthButtons = styled.div`
  display: flex;
  gap: 4px;
  a {
    display: inline-flex;
    align-items: center;
    height: 32px;
    padding: 0 10px;
    text-decoration: none;
    ${plainButton}
  }
  a:hover {
    color: ${({ theme }) => theme.colors.primaryStrong};
  }
  a:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
  }
`;

/** Login/register for visitors; the user's menu (personal centre, orders, the admin's back office, logout). */
export function UserMenu() {
  const intl = useIntl();
  const { isAuthenticated, viewer, loading, openLogin, openRegister, logout } = useSessionContext();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const wrap = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (!wrap.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  // Holds the menu's place while the session is read: a signed-in shopper never sees 登录/注册 flash.
  if (loading && !viewer) return <div style={{ width: 96 }} aria-busy="true" data-testid="session-pending" />;
  if (!isAuthenticated || !viewer) {
    return (
      // Links to the login page (its forms work without JavaScript); with it, the dialogs open.
      <AuthButtons>
        <a
          href={loginPath(location.pathname + location.search)}
          onClick={(event) => {
            event.preventDefault();
            openLogin();
          }}
        >
          {intl.formatMessage({ id: 'auth.login' })}
        </a>
        <a
          href="/login?mode=register"
          onClick={(event) => {
            event.preventDefault();
            openRegister();
          }}
        >
          {intl.formatMessage({ id: 'auth.register' })}
        </a>
      </AuthButtons>
    );
  }

  const display = viewer.name || viewer.account;
  return (
    <Wrap
      ref={wrap}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          wrap.current?.querySelector('button')?.focus();
        }
      }}
    >
      <Trigger
        type="button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`${intl.formatMessage({ id: 'layout.userMenu' })}: ${display}`}
        onClick={() => setOpen((value) => !value)}
      >
        {viewer.avatar ? (
          <Avatar image={pictureAt(viewer.avatar)} alt="" width={28} height={28} sizes="28px" />
        ) : null}
        <span>{display}</span>
      </Trigger>
      {/* Without JavaScript the menu cannot open: signing out is a form of its own beside it. */}
      <noscript>
        <form method="post" action={ACCOUNT_ACTION}>
          <input type="hidden" name="intent" value="logout" />
          <Trigger type="submit">{intl.formatMessage({ id: 'auth.logout' })}</Trigger>
        </form>
      </noscript>
      {open && (
        <Menu id={menuId}>
          <li>
            <Link to="/user/center/info" onClick={() => setOpen(false)}>
              {intl.formatMessage({ id: 'layout.personalCenter' })}
            </Link>
          </li>
          <li>
            <Link to="/user/center/orders" onClick={() => setOpen(false)}>
              {intl.formatMessage({ id: 'layout.myOrders' })}
            </Link>
          </li>
          {viewer.isAdmin && (
            // the back office itself is routed (and refused) by the server's menus
            <li>
              <Link to="/admin" onClick={() => setOpen(false)}>
                {intl.formatMessage({ id: 'layout.backOffice' })}
              </Link>
            </li>
          )}
          <li>
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                void logout();
              }}
            >
              {intl.formatMessage({ id: 'auth.logout' })}
            </button>
          </li>
        </Menu>
      )}
    </Wrap>
  );
}
