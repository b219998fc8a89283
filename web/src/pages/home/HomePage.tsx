import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { HomePageDocument } from '../../__generated__/graphql.ts';
import { useRouteQuery } from '../../app/route-data.tsx';
import { HomeCardsView } from '../../features/home/HomeCards.tsx';
import { PageWrap, Panel, Section, SectionHeader, VisuallyHidden } from '../../features/page/Page.tsx';
import { ProductList } from '../../features/product/ProductList.tsx';
import { useShopFormat } from '../../lib/format.ts';
import { mobileQuery } from '../../theme.ts';
import './messages.ts'; // this screen's texts

const HOME_LIST_SIZE = 10;
/** The home query's variables (the server's head reads the same answer from the cache). */
export const HOME_VARIABLES = {
  hotPage: { pageNum: 1, pageSize: HOME_LIST_SIZE },
  newPage: { pageNum: 1, pageSize: HOME_LIST_SIZE },
};
// The back office's card preview imports the cards from here, so they stay in this page's chunk
// (one file fewer on the storefront's first load) and the preview is the page's own.
export { HOME_LEAD_SIZES, HomeCardsView, SERVICE_KIND } from '../../features/home/HomeCards.tsx';

const Top = styled.div`
  display: grid;
  grid-template-columns: 1fr 300px;
  gap: 16px;
  margin-bottom: 24px;
  ${mobileQuery} {
    grid-template-columns: 1fr;
  }
`;

const Notices = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    padding: 8px 0;
    border-bottom: 1px dashed ${({ theme }) => theme.colors.border};
  }
  li:last-child {
    border-bottom: 0;
  }
  h3 {
    margin: 0 0 4px;
    font-size: ${({ theme }) => theme.fontSizes.md}px;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textSecondary};
    font-size: ${({ theme }) => theme.fontSizes.sm}px;
  }
  time {
    color: ${({ theme }) => theme.colors.muted};
    font-size: ${({ theme }) => theme.fontSizes.xs}px;
  }
`;

const Shortcuts = styled.nav`
  display: flex;
  gap: 16px;
  margin-top: 12px;
  a {
    color: ${({ theme }) => theme.colors.primaryStrong};
    text-decoration: none;
    font-size: ${({ theme }) => theme.fontSizes.sm}px;
  }
`;

/** Home: cards, notices, hot goods and new arrivals. */
export default function HomePage() {
  const intl = useIntl();
  const format = useShopFormat();
  const { data } = useRouteQuery(HomePageDocument, { variables: HOME_VARIABLES });

  return (
    <PageWrap>
      {/* the page's one h1: the shop itself, which the banner and header show as pictures and a logo */}
      <VisuallyHidden as="h1">{intl.formatMessage({ id: 'app.siteTitle' })}</VisuallyHidden>
      <Top>
        <section aria-labelledby="home-cards">
          <SectionHeader>
            <h2 id="home-cards">{intl.formatMessage({ id: 'home.cards' })}</h2>
          </SectionHeader>
          <HomeCardsView cards={data.cards.cards} />
          <Shortcuts aria-label={intl.formatMessage({ id: 'home.allCategories' })}>
            <Link to="/category">{intl.formatMessage({ id: 'home.allCategories' })}</Link>
            <Link to="/goods/list">{intl.formatMessage({ id: 'home.goodsList' })}</Link>
          </Shortcuts>
        </section>
        <Panel as="section" aria-labelledby="home-notices">
          <SectionHeader>
            <h2 id="home-notices">{intl.formatMessage({ id: 'home.notices' })}</h2>
          </SectionHeader>
          <Notices>
            {data.notices.map((notice) => (
              <li key={notice.id}>
                <h3>{notice.title}</h3>
                <p>{notice.content}</p>
                {notice.publishedAt && (
                  <time dateTime={notice.publishedAt}>{format.date(notice.publishedAt)}</time>
                )}
              </li>
            ))}
          </Notices>
        </Panel>
      </Top>
      <Section aria-labelledby="home-hot">
        <SectionHeader>
          <h2 id="home-hot">{intl.formatMessage({ id: 'home.hot' })}</h2>
          <Link to="/goods/hot">{intl.formatMessage({ id: 'home.moreHot' })}</Link>
        </SectionHeader>
        <ProductList products={data.hotProducts.records} label={intl.formatMessage({ id: 'home.hot' })} />
      </Section>
      <Section aria-labelledby="home-new">
        <SectionHeader>
          <h2 id="home-new">{intl.formatMessage({ id: 'home.new' })}</h2>
          <Link to="/goods/new">{intl.formatMessage({ id: 'home.moreNew' })}</Link>
        </SectionHeader>
        <ProductList products={data.newProducts.records} label={intl.formatMessage({ id: 'home.new' })} />
      </Section>
    </PageWrap>
  );
}
