import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { MenuNode } from '../app/menu-tree.ts';
import { scrollShadows } from '../components/scroll-shadows.ts';
import { mobileQuery } from '../theme.ts';

const Layout = styled.div`
  display: flex;
  gap: 16px;
  align-items: flex-start;
  ${mobileQuery} {
    flex-direction: column;
    align-items: stretch;
  }
`;

const Side = styled.nav`
  width: ${({ theme }) => theme.layout.sidebarWidth}px;
  flex-shrink: 0;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.md}px;
  padding: 8px 0;
  ${mobileQuery} {
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
    ${mobileQuery} {
      display: flex;
      overflow-x: auto;
      ${({ theme }) => scrollShadows(theme.colors.surface)}
    }
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

const Content = styled.div`
  flex: 1;
  min-width: 0;
`;

/**
 * A server menu section (personal centre, back office): its listed entries beside the screen.
 * Hidden entries are not listed; `highlight` (the route's highlightMenu or own path) is current.
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
  const items = (section.children ?? []).filter((item) => !item.isHidden);
  const titleId = `menu-${section.routerName}`;
  return (
    <Layout>
      <Side aria-labelledby={titleId}>
        <h2 id={titleId}>{section.name || intl.formatMessage({ id: 'route.userCenter' })}</h2>
        <ul>
          {items.map((item) => (
            <li key={item.routerPath}>
              <Link to={item.routerPath} aria-current={item.routerPath === highlight ? 'page' : undefined}>
                {item.name}
              </Link>
            </li>
          ))}
        </ul>
      </Side>
      <Content>{children}</Content>
    </Layout>
  );
}
