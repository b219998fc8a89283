import { type FormEvent, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { STORAGE_KEYS, secureStorage } from '../lib/secure-storage.ts';

const Form = styled.form`
  display: flex;
  flex: 1;
  max-width: 520px;
  min-width: 0;
`;

const Input = styled.input`
  flex: 1;
  min-width: 0;
  height: 36px;
  padding: 0 12px;
  border: 2px solid ${({ theme }) => theme.colors.primary};
  border-right: 0;
  border-radius: ${({ theme }) => theme.radii.sm}px 0 0 ${({ theme }) => theme.radii.sm}px;
  font: inherit;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 1px;
  }
`;

const Submit = styled.button`
  height: 36px;
  padding: 0 16px;
  border: 0;
  border-radius: 0 ${({ theme }) => theme.radii.sm}px ${({ theme }) => theme.radii.sm}px 0;
  background: ${({ theme }) => theme.colors.primaryStrong};
  color: #fff;
  font: inherit;
  cursor: pointer;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const MAX_RECENT = 10;

/** Remembers recent searches (encrypted local storage, UI state only). */
async function rememberSearch(keyword: string): Promise<void> {
  const recent = (await secureStorage.get<string[]>(STORAGE_KEYS.recentSearches)) ?? [];
  const next = [keyword, ...recent.filter((item) => item !== keyword)].slice(0, MAX_RECENT);
  await secureStorage.set(STORAGE_KEYS.recentSearches, next);
}

/** The search bar: goes to /category/search-result?keyword=… */
export function SearchBar() {
  const intl = useIntl();
  const navigate = useNavigate();
  const location = useLocation();
  const current = new URLSearchParams(location.search).get('keyword') ?? '';
  const [keyword, setKeyword] = useState(current);
  useEffect(() => setKeyword(current), [current]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = keyword.trim();
    if (!text) return;
    void rememberSearch(text);
    navigate(`/category/search-result?keyword=${encodeURIComponent(text)}`);
  };

  return (
    <Form role="search" onSubmit={submit} aria-label={intl.formatMessage({ id: 'layout.search' })}>
      <Input
        type="search"
        name="keyword"
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
        placeholder={intl.formatMessage({ id: 'layout.searchPlaceholder' })}
        aria-label={intl.formatMessage({ id: 'layout.search' })}
        maxLength={100}
      />
      <Submit type="submit">{intl.formatMessage({ id: 'layout.searchButton' })}</Submit>
    </Form>
  );
}
