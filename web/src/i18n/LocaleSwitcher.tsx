import { LANGUAGE_FORM_PATH } from '@shop/common/locale.ts';
import { useContext, useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { UNSAFE_LocationContext } from 'react-router-dom';
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

/**
 * Locale switcher, in every layout (on a phone too); the choice is kept in a cookie and the encrypted storage.
 * It is a form: without JavaScript its 切换 button sends the choice to the page server, which
 * writes the same cookie and shows the page again; with it the choice applies in place.
 */
export function LocaleSwitcher() {
  const intl = useIntl();
  const { locale, setLocale } = useLocale();
  // the page to come back to (the switcher is also shown outside the router, in a test say: /home)
  const location = useContext(UNSAFE_LocationContext)?.location;
  const back = location ? location.pathname + location.search : '/home';
  // A language picked before the script took the switcher over (hydration keeps what it shows)
  const select = useRef<HTMLSelectElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration; later the element shows the state
  useEffect(() => {
    const picked = select.current?.value;
    if (picked !== locale && isLocale(picked)) reloadInLocale(picked);
  }, []);
  return (
    // its controls sit in the header's row as they did before it was a form
    <form method="post" action={LANGUAGE_FORM_PATH} style={{ display: 'contents' }}>
      <input type="hidden" name="redirect" value={back} />
      <Select
        ref={select}
        name="locale"
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
      <noscript>
        {/* drawn as the select is: the header's own control, without a component of its own */}
        <Select as="button" type="submit">
          {intl.formatMessage({ id: 'locale.apply' })}
        </Select>
      </noscript>
    </form>
  );
}
