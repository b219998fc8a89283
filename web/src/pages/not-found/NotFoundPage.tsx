import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import styled from 'styled-components';

const Page = styled.main`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 12px;
  padding: 16px;
  text-align: center;
  h1 {
    margin: 0;
    font-size: 72px;
    color: ${({ theme }) => theme.colors.primaryStrong};
  }
  a {
    padding: 8px 20px;
    border-radius: ${({ theme }) => theme.radii.sm}px;
    background: ${({ theme }) => theme.colors.primaryStrong};
    color: #fff;
    text-decoration: none;
  }
`;

/** /404: every unknown path lands here. */
export default function NotFoundPage() {
  const intl = useIntl();
  return (
    <Page>
      <h1>{intl.formatMessage({ id: 'notFound.title' })}</h1>
      <p>{intl.formatMessage({ id: 'notFound.message' })}</p>
      <Link to="/home">{intl.formatMessage({ id: 'notFound.home' })}</Link>
    </Page>
  );
}
