import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { focusRing } from '../components/focus-ring.ts';
import { reloadInLocale, useLocale } from './LocaleProvider.tsx';
import { isLocale, LOCALES } from './messages-collect.ts';

const Select = styled.select`
  height: 32px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  padding: 0 8px;
  font: inherit;
  &:focus-visible {
    ${focusRing}
  }
`;

/** Locale switcher, in every layout (on a phone too); the choice is kept in a cookie and the encrypted storage. */
export function LocaleSwitcher() {
  const intl = useIntl();
  const { locale, setLocale } = useLocale();
  // A language picked before the script took the switcher over (hydration keeps what it shows)
  const select = useRef<HTMLSelectElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration; later the element shows the state
  useEffect(() => {
    const picked = select.current?.value;
    if (picked !== locale && isLocale(picked)) reloadInLocale(picked);
  }, []);
  return (
    <Select
      ref={select}
      // What the server rendered is the language in force: a browser restoring the last value it showed
      // (going back to a page) would otherwise switch the page away from a language chosen since.
      autoComplete="off"
      aria-label={intl.formatMessage({ id: 'locale.switch' })}
      value={locale}
      onChange={(event) => {
        if (isLocale(event.target.value)) setLocale(event.target.value);
      }}
    >
      {LOCALES.map((code) => (
        <option key={code} value={code} lang={code}>
          {intl.formatMessage({ id: `locale.${code}` })}
        </option>
      ))}
    </Select>
  );
}
