import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { HomePageDocument, type HomePageQuery } from '../../__generated__/graphql.ts';
import { useRouteQuery } from '../../app/route-data.tsx';
import { bareList, cardColumns } from '../../components/grid.ts';
import { hasPicture, Picture } from '../../components/Picture.tsx';
import { PageWrap, Panel, Section, SectionHeader, VisuallyHidden } from '../../features/page/Page.tsx';
import { ProductList } from '../../features/product/ProductList.tsx';
import { useShopFormat } from '../../lib/format.ts';
import { mobileQuery, theme } from '../../theme.ts';
import './messages.ts'; // this screen's texts

const HOME_LIST_SIZE = 10;
/** The home query's variables (the server's head reads the same answer from the cache). */
export const HOME_VARIABLES = {
  hotPage: { pageNum: 1, pageSize: HOME_LIST_SIZE },
  newPage: { pageNum: 1, pageSize: HOME_LIST_SIZE },
};
/** Cards of this kind are the shop's guarantees, shown as badges rather than banners. */
export const SERVICE_KIND =
  'service'; /** How wide the cards show their pictures: the lead banner spans two of three columns beside the notices, the whole width on a phone. */
export const HOME_LEAD_SIZES = `(max-width: ${theme.breakpoints.mobile}px) 100vw, 590px`;
const HOME_CARD_SIZES = `(max-width: ${theme.breakpoints.mobile}px) 50vw, 290px`;

const Top = styled.div`
  display: grid;
  grid-template-columns: 1fr 300px;
  gap: 16px;
  margin-bottom: 24px;
  ${mobileQuery} {
    grid-template-columns: 1fr;
  }
`;

const Cards = styled.ul`
  ${bareList}
  ${cardColumns(220, 12, 8, 'auto-fit')}
`;

const CardBox = styled.li`
  position: relative;
  border-radius: ${({ theme }) => theme.radii.md}px;
  overflow: hidden;
  aspect-ratio: 16 / 9;
  background: ${({ theme }) => theme.colors.primaryLight};
  transition: transform 0.15s, box-shadow 0.15s;
  /* The lead banner is twice as wide, so five featured cards fill two rows of three. */
  &:first-child {
    grid-column: span 2;
    aspect-ratio: auto;
  }
  ${mobileQuery} {
    &:first-child {
      aspect-ratio: 5 / 2;
    }
  }
  &:hover,
  &:focus-within {
    transform: translateY(-2px);
    box-shadow: ${({ theme }) => theme.shadows.popup};
  }
  img {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
  a {
    position: absolute;
    inset: 0;
    display: flex;
    flex-direction: column;
    justify-content: flex-end;
    padding: 12px;
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
  }
  a:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: -3px;
  }
`;

/** Text over a card without its own image (the generated card images carry their title). */
const CardText = styled.span`
  display: flex;
  flex-direction: column;
  gap: 2px;
  strong {
    font-size: ${({ theme }) => theme.fontSizes.lg}px;
  }
  span {
    font-size: ${({ theme }) => theme.fontSizes.sm}px;
    color: ${({ theme }) => theme.colors.textSecondary};
  }
`;

/** The shop's guarantees (cards of kind "service"): round badges with their text beside. */
const Guarantees = styled.ul`
  list-style: none;
  margin: 16px 0 0;
  padding: 12px 16px;
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(150px, 1fr));
  gap: 12px;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.md}px;
  li {
    display: flex;
    align-items: center;
    gap: 10px;
  }
  img {
    width: 40px;
    height: 40px;
    flex: none;
  }
  strong {
    display: block;
    font-size: ${({ theme }) => theme.fontSizes.md}px;
  }
  span {
    color: ${({ theme }) => theme.colors.textSecondary};
    font-size: ${({ theme }) => theme.fontSizes.xs}px;
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

type HomeCard = HomePageQuery['cards']['cards'][number];

function CardLink({ card }: { card: HomeCard }) {
  const text = (
    <>
      <strong>{card.title}</strong>
      {card.subtitle && <span> {card.subtitle}</span>}
    </>
  );
  const content = hasPicture(card.featuredImage) ? (
    <VisuallyHidden>{text}</VisuallyHidden>
  ) : (
    <CardText>{text}</CardText>
  );
  if (/^https?:\/\//.test(card.link)) {
    return (
      <a href={card.link} target="_blank" rel="noreferrer">
        {content}
      </a>
    );
  }
  return <Link to={card.link || '/goods/list'}>{content}</Link>;
}

/** Home: cards, notices, hot goods and new arrivals. */
export default function HomePage() {
  const intl = useIntl();
  const format = useShopFormat();
  const { data } = useRouteQuery(HomePageDocument, { variables: HOME_VARIABLES });

  const featured = data.cards.cards.filter((card) => card.kind !== SERVICE_KIND);
  const guarantees = data.cards.cards.filter((card) => card.kind === SERVICE_KIND);

  return (
    <PageWrap>
      <Top>
        <section aria-labelledby="home-cards">
          <SectionHeader>
            <h2 id="home-cards">{intl.formatMessage({ id: 'home.cards' })}</h2>
          </SectionHeader>
          <Cards>
            {featured.map((card, index) => (
              <CardBox key={card.id}>
                {/* the lead banner is the page's largest paint: fetched first, the others when idle */}
                {hasPicture(card.featuredImage) && (
                  <Picture
                    image={card.featuredImage}
                    alt=""
                    fetchPriority={index === 0 ? 'high' : 'low'}
                    sizes={index === 0 ? HOME_LEAD_SIZES : HOME_CARD_SIZES}
                  />
                )}
                <CardLink card={card} />
              </CardBox>
            ))}
          </Cards>
          {guarantees.length > 0 && (
            <Guarantees aria-label={intl.formatMessage({ id: 'home.guarantees' })}>
              {guarantees.map((card) => (
                <li key={card.id}>
                  {hasPicture(card.featuredImage) && (
                    <Picture
                      image={card.featuredImage}
                      alt=""
                      width={40}
                      height={40}
                      sizes="40px"
                      loading="lazy"
                    />
                  )}
                  <div>
                    <strong>{card.title}</strong>
                    {card.subtitle && <span>{card.subtitle}</span>}
                  </div>
                </li>
              ))}
            </Guarantees>
          )}
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
          <Link to="/goods/hot">{intl.formatMessage({ id: 'home.more' })}</Link>
        </SectionHeader>
        <ProductList products={data.hotProducts.records} label={intl.formatMessage({ id: 'home.hot' })} />
      </Section>
      <Section aria-labelledby="home-new">
        <SectionHeader>
          <h2 id="home-new">{intl.formatMessage({ id: 'home.new' })}</h2>
          <Link to="/goods/new">{intl.formatMessage({ id: 'home.more' })}</Link>
        </SectionHeader>
        <ProductList products={data.newProducts.records} label={intl.formatMessage({ id: 'home.new' })} />
      </Section>
    </PageWrap>
  );
}
