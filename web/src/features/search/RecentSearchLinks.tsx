import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { bareList } from '../../components/grid.ts';
import { recentSearches } from './recent-searches.ts';
import { searchPath } from './search-choices.ts';
import './messages.ts'; // the search box's texts

const Box = styled.nav`
  margin: 16px 0;
  h2 {
    margin: 0 0 8px;
    font-size: ${({ theme }) => theme.fontSizes.md}px;
    font-weight: 600;
  }
`;

const Words = styled.ul`
  ${bareList}
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  a {
    display: inline-block;
    padding: 4px 12px;
    border-radius: 999px;
    background: ${({ theme }) => theme.colors.surface};
    border: 1px solid ${({ theme }) => theme.colors.border};
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
  }
  a:hover {
    color: ${({ theme }) => theme.colors.primaryStrong};
  }
`;

/**
 * The shopper's recent searches as links that search again, `current` left out. They live in
 * this browser's storage only, so the server and the first client render show nothing and the
 * list appears once read (no hydration mismatch); nothing at all when there are none.
 */
export function RecentSearchLinks({ current }: { current?: string }) {
  const intl = useIntl();
  const [recent, setRecent] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    void recentSearches().then((list) => {
      if (live) setRecent(list.filter((text) => text !== current));
    });
    return () => {
      live = false;
    };
  }, [current]);
  if (!recent.length) return null;
  const label = intl.formatMessage({ id: 'searchBox.recent' });
  return (
    <Box aria-label={label}>
      <h2>{label}</h2>
      <Words>
        {recent.map((text) => (
          <li key={text}>
            <Link to={searchPath(text)}>{text}</Link>
          </li>
        ))}
      </Words>
    </Box>
  );
}
