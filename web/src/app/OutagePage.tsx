import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { Center, primaryLink } from '../components/Center.tsx';

const Page = styled(Center)`
  min-height: 100vh;
  justify-content: center;
  padding: 16px;
  text-align: center;
  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl}px;
  }
  a {
    ${primaryLink}
  }
`;

/**
 * What the server answers (503) when the shop service does not answer a page in time: a plain
 * link tries the same address again, and the app's script, once loaded, takes over and retries.
 */
export function OutagePage({ retryHref }: { retryHref: string }) {
  const intl = useIntl();
  return (
    <Page as="main">
      <h1>{intl.formatMessage({ id: 'outage.title' })}</h1>
      <p role="alert">{intl.formatMessage({ id: 'outage.message' })}</p>
      <a href={retryHref}>{intl.formatMessage({ id: 'outage.retry' })}</a>
    </Page>
  );
}
