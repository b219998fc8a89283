import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { mobileQuery } from '../theme.ts';
import { useLocale } from './LocaleProvider.tsx';
import { isLocale, LOCALES } from './messages-collect.ts';

/* On a phone the control shows a short code (`data-short`) and the select lies transparent over
   it, still opening the system's picker. */
const Wrap = styled.span`
  position: relative;
  display: inline-flex;
  ${mobileQuery} {
    &::after {
      content: attr(data-short);
      display: inline-flex;
      align-items: center;
      justify-content: center;
      min-width: 36px;
      height: 32px;
      padding: 0 6px;
      border: 1px solid ${({ theme }) => theme.colors.border};
      border-radius: ${({ theme }) => theme.radii.sm}px;
      font-size: ${({ theme }) => theme.fontSizes.sm}px;
    }
    &:focus-within::after {
      outline: 2px solid ${({ theme }) => theme.colors.focus};
      outline-offset: 2px;
    }
  }
`;

const Select = styled.select`
  height: 32px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  padding: 0 8px;
  font: inherit;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  ${mobileQuery} {
    position: absolute;
    inset: 0;
    z-index: 1;
    width: 100%;
    opacity: 0;
  }
`;

/** Locale switcher in every layout (compact on a phone); the choice is kept in a cookie and the encrypted storage. */
export function LocaleSwitcher() {
  const intl = useIntl();
  const { locale, setLocale } = useLocale();
  return (
    <Wrap data-short={intl.formatMessage({ id: 'locale.short' })}>
      <Select
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
    </Wrap>
  );
}
