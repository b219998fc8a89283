import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { CategoriesPageDocument } from '../../__generated__/graphql.ts';
import { useRouteQuery } from '../../app/route-data.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { bareList } from '../../components/grid.ts';
import { PageHeading, PageWrap, Panel } from '../../features/page/Page.tsx';
import './messages.ts'; // this screen's texts

const List = styled.ul`
  ${bareList}
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(260px, 1fr));
  gap: 16px;
`;

const Head = styled(Link)`
  display: flex;
  align-items: center;
  gap: 10px;
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  font-size: ${({ theme }) => theme.fontSizes.lg}px;
  font-weight: 600;
  img {
    width: 36px;
    height: 36px;
    border-radius: ${({ theme }) => theme.radii.sm}px;
    object-fit: cover;
  }
  &:hover {
    color: ${({ theme }) => theme.colors.primaryStrong};
  }
`;

const Children = styled.ul`
  list-style: none;
  margin: 12px 0 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  a {
    display: inline-block;
    padding: 4px 10px;
    border-radius: ${({ theme }) => theme.radii.pill}px;
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.textSecondary};
    text-decoration: none;
    font-size: ${({ theme }) => theme.fontSizes.sm}px;
  }
  a:hover {
    color: ${({ theme }) => theme.colors.primaryStrong};
  }
`;

const detailPath = (cardName: string) => `/category/detail/${encodeURIComponent(cardName)}`;

/** All categories with their sub-categories. */
export default function CategoriesPage() {
  const intl = useIntl();
  const { data } = useRouteQuery(CategoriesPageDocument);
  const title = intl.formatMessage({ id: 'category.all' });

  return (
    <PageWrap>
      <PageHeading>{title}</PageHeading>
      {data.categories.length === 0 ? (
        <EmptyState title={intl.formatMessage({ id: 'category.empty' })} />
      ) : (
        <List aria-label={title}>
          {data.categories.map((category) => (
            <Panel as="li" key={category.id}>
              <Head to={detailPath(category.cardName)}>
                {category.icon && <img src={category.icon} alt="" />}
                {category.name}
              </Head>
              {category.children.length > 0 && (
                <Children aria-label={intl.formatMessage({ id: 'category.subCategories' })}>
                  {category.children.map((child) => (
                    <li key={child.id}>
                      <Link to={detailPath(child.cardName)}>{child.name}</Link>
                    </li>
                  ))}
                </Children>
              )}
            </Panel>
          ))}
        </List>
      )}
    </PageWrap>
  );
}
