import { lazy, type ReactNode, Suspense, useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { ShellDocument } from '../__generated__/graphql.ts';
import { type MenuEntry, menuEntries } from '../app/menu-entries.ts';
import type { MenuNode } from '../app/menu-tree.ts';
import { useQuery } from '../app/query.ts';
import { focusRing } from '../components/focus-ring.ts';
import { mobileQuery } from '../theme.ts';
import { useLayoutSettings } from './layout-settings.ts';
import { layoutActions, useLayoutState } from './layout-store.ts';
import { MenuIcon, SettingsIcon, ShopMark } from './menu-icons.tsx';
import './menu-layout-messages.ts'; // the sidebar's and the settings panel's texts

/** Only shops that offer the settings panel download it. */
const LayoutSettingsPanel = lazy(() => import('./LayoutSettingsPanel.tsx'));

/**
 * The shop's fixedHeader off: the page header (the one after the layout's skip link) scrolls away
 * with the menu screen. A plain style element: it leaves with the menu screen (or the setting).
 */
const headerScrollsAway = <style>{"a[href='#main-content'] + header { position: relative; }"}</style>;

const Toolbar = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  margin-bottom: 12px;
  button {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    min-height: 36px;
    padding: 0 12px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.sm}px;
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
    cursor: pointer;
  }
  button:hover {
    color: ${({ theme }) => theme.colors.primaryStrong};
  }
  button:focus-visible {
    ${focusRing}
  }
  .settings {
    margin-left: auto;
  }
`;

const Body = styled.div`
  display: flex;
  gap: 16px;
  align-items: flex-start;
  ${mobileQuery} {
    flex-direction: column;
    align-items: stretch;
    gap: 8px;
  }
`;

/*
 * Shown or not per device by CSS alone (the desktop state from the cookie, a phone's own), so
 * the server-rendered page already has the right layout on either before the app takes over.
 */
const Side = styled.nav<{ $desktopOpen: boolean; $mobileOpen: boolean }>`
  display: ${({ $desktopOpen }) => ($desktopOpen ? 'block' : 'none')};
  width: ${({ theme }) => theme.layout.sidebarWidth}px;
  flex-shrink: 0;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.md}px;
  padding: 8px 0;
  ${mobileQuery} {
    display: ${({ $mobileOpen }) => ($mobileOpen ? 'block' : 'none')};
    width: 100%;
  }
  h2 {
    margin: 4px 16px 8px;
    font-size: ${({ theme }) => theme.fontSizes.lg}px;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  ul ul a {
    padding-left: 32px;
  }
  .group {
    display: block;
    padding: 10px 16px 4px;
    color: ${({ theme }) => theme.colors.textSecondary};
    font-size: ${({ theme }) => theme.fontSizes.sm}px;
  }
  a {
    display: block;
    padding: 10px 16px;
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
    white-space: nowrap;
    border-left: 3px solid transparent;
  }
  a[aria-current='page'] {
    color: ${({ theme }) => theme.colors.primaryStrong};
    background: ${({ theme }) => theme.colors.primaryLight};
    border-left-color: ${({ theme }) => theme.colors.primary};
  }
  a:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: -2px;
  }
`;

const Logo = styled(Link)`
  && {
    display: flex;
    align-items: center;
    gap: 8px;
    margin: 0 0 8px;
    padding: 6px 16px 12px;
    border-left: 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    font-weight: 700;
    color: ${({ theme }) => theme.colors.primaryStrong};
  }
`;

const Content = styled.div`
  flex: 1;
  min-width: 0;
`;

function Entries({ entries, highlight }: { entries: MenuEntry[]; highlight: string | null }) {
  return (
    <ul>
      {entries.map((entry) =>
        entry.kind === 'link' ? (
          <li key={entry.item.routerPath}>
            <Link
              to={entry.item.routerPath}
              aria-current={entry.item.routerPath === highlight ? 'page' : undefined}
            >
              {entry.item.name}
            </Link>
          </li>
        ) : (
          <li key={entry.item.routerPath}>
            <span className="group">{entry.item.name}</span>
            <Entries entries={entry.children} highlight={highlight} />
          </li>
        ),
      )}
    </ul>
  );
}

/**
 * A server menu section (personal centre, back office): its sidebar beside the screen. Hidden
 * entries are not listed, a single child stands in for its parent unless `isAlwaysShow`;
 * `highlight` (the route's highlightMenu or own path) is current. A toolbar above opens and
 * closes the sidebar (kept in a cookie on a desktop; on a phone closed by default and after each
 * navigation) and, when the shop offers it, the layout settings panel.
 */
export function MenuSection({
  section,
  highlight,
  children,
}: {
  section: MenuNode;
  highlight: string | null;
  children: ReactNode;
}) {
  const intl = useIntl();
  const location = useLocation();
  const { data } = useQuery(ShellDocument);
  const layout = useLayoutState();
  const settings = useLayoutSettings();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const sideId = useId();
  const titleId = `menu-${section.routerName}`;
  const title = section.name || intl.formatMessage({ id: 'route.userCenter' });
  const shopName = data?.config.shopName || intl.formatMessage({ id: 'app.siteTitle' });

  useEffect(() => {
    // a phone's open menu pushes the screen below it down: it closes once the user went somewhere
    if (location.pathname) layoutActions.closeMobileSidebar();
  }, [location.pathname]);

  const [top] = menuEntries([section]);
  // With a single child and no isAlwaysShow, the child stands in for the section: no heading.
  const group = top?.kind === 'group' ? top : null;
  const list = group ? group.children : top ? [top] : [];

  return (
    <div data-sidebar-opened={String(layout.desktopSidebarOpen)}>
      {!settings.fixedHeader && headerScrollsAway}
      <Toolbar>
        <button
          type="button"
          aria-expanded={layout.sidebarOpen}
          aria-controls={sideId}
          title={intl.formatMessage({
            id: layout.sidebarOpen ? 'layout.sidebar.collapse' : 'layout.sidebar.expand',
          })}
          onClick={layoutActions.toggleSidebar}
        >
          <MenuIcon />
          {intl.formatMessage({ id: 'layout.sidebar.toggle' })}
        </button>
        {settings.showSettings && (
          <button
            type="button"
            className="settings"
            aria-haspopup="dialog"
            onClick={() => setSettingsOpen(true)}
          >
            <SettingsIcon />
            {intl.formatMessage({ id: 'layout.settings' })}
          </button>
        )}
      </Toolbar>
      <Body>
        <Side
          id={sideId}
          $desktopOpen={layout.desktopSidebarOpen}
          $mobileOpen={layout.mobileSidebarOpen}
          {...(group ? { 'aria-labelledby': titleId } : { 'aria-label': title })}
        >
          {settings.sidebarLogo && (
            <Logo to="/home">
              <ShopMark />
              {shopName}
            </Logo>
          )}
          {group && <h2 id={titleId}>{title}</h2>}
          <Entries entries={list} highlight={highlight} />
        </Side>
        <Content>{children}</Content>
      </Body>
      {settings.showSettings && settingsOpen && (
        <Suspense fallback={null}>
          <LayoutSettingsPanel open onClose={() => setSettingsOpen(false)} settings={settings} />
        </Suspense>
      )}
    </div>
  );
}
