import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Center, primaryLink } from '../../components/Center.tsx';
import './messages.ts'; // this screen's texts

const Page = styled(Center)<{ $embedded: boolean }>`
  min-height: ${({ $embedded }) => ($embedded ? '50vh' : '100vh')};
  justify-content: center;
  padding: 16px;
  h1 {
    margin: 0;
    font-size: 72px;
    color: ${({ theme }) => theme.colors.primaryStrong};
  }
  a {
    ${primaryLink}
  }
`;

/** The not-found message and the way home; `embedded` inside the common layout (its own <main>). */
export function NotFound({ embedded = false }: { embedded?: boolean }) {
  const intl = useIntl();
  return (
    <Page as={embedded ? 'section' : 'main'} $embedded={embedded}>
      <h1>{intl.formatMessage({ id: 'notFound.title' })}</h1>
      <p>{intl.formatMessage({ id: 'notFound.message' })}</p>
      <Link to="/home">{intl.formatMessage({ id: 'notFound.home' })}</Link>
    </Page>
  );
}

/** /404: every unknown path lands here. */
export default function NotFoundPage() {
  return <NotFound />;
}
