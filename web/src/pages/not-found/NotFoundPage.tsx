import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Center, primaryLink } from '../../components/Center.tsx';

const Page = styled(Center)`
  min-height: 100vh;
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

/** /404: every unknown path lands here. */
export default function NotFoundPage() {
  const intl = useIntl();
  return (
    <Page as="main">
      <h1>{intl.formatMessage({ id: 'notFound.title' })}</h1>
      <p>{intl.formatMessage({ id: 'notFound.message' })}</p>
      <Link to="/home">{intl.formatMessage({ id: 'notFound.home' })}</Link>
    </Page>
  );
}
