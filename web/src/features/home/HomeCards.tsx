import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { bareList } from '../../components/grid.ts';
import { hasPicture, Picture, type PictureImage } from '../../components/Picture.tsx';
import { mobileQuery, theme } from '../../theme.ts';
import '../../pages/home/messages.ts'; // 'home.guarantees'

/** Cards of this kind are the shop's guarantees, shown as badges rather than banners. */
export const SERVICE_KIND = 'service';
/** How wide the cards show their pictures: the lead banner spans two of three columns beside the notices, the whole width on a phone. */
export const HOME_LEAD_SIZES = `(max-width: ${theme.breakpoints.mobile}px) 100vw, 590px`;
const HOME_CARD_SIZES = `(max-width: ${theme.breakpoints.mobile}px) 50vw, 290px`;

/** A home card as the storefront shows it (the home query's card, or the back office's preview of one). */
export interface HomeCardView {
  id: string;
  kind: string;
  title: string;
  subtitle: string;
  link: string;
  featuredImage: PictureImage;
}

/** The narrowest a card may be before its row wraps (the lead banner: two of them and a gap). */
const CARD_MIN = 220;
const GAP = 12;
const PHONE_GAP = 8;

/*
 * Rows that wrap and grow rather than a grid of fixed cells: however many cards are switched on,
 * each row is filled from edge to edge (the cards of a short last row widen), so a card switched
 * off leaves no hole. As many to a row as fit at least 220 px wide (three beside the notices on a
 * desktop), the lead banner counting twice; on a phone the lead banner alone, then two to a row.
 */
const Cards = styled.ul`
  ${bareList}
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${GAP}px;
  ${mobileQuery} {
    gap: ${PHONE_GAP}px;
  }
`;

const CardBox = styled.li`
  position: relative;
  flex: 1 1 ${CARD_MIN}px;
  min-width: 0;
  border-radius: ${({ theme }) => theme.radii.md}px;
  overflow: hidden;
  aspect-ratio: 16 / 9;
  background: ${({ theme }) => theme.colors.primaryLight};
  transition: transform 0.15s, box-shadow 0.15s;
  /* The lead banner is twice as wide as a card and as tall as the cards beside it. */
  &:first-child {
    flex: 2 1 ${2 * CARD_MIN + GAP}px;
    align-self: stretch;
    aspect-ratio: auto;
    min-height: 140px;
  }
  ${mobileQuery} {
    flex-basis: calc(50% - ${PHONE_GAP / 2}px);
    &:first-child {
      flex-basis: 100%;
      aspect-ratio: 5 / 2;
      min-height: 0;
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

/**
 * A card's title and subtitle, written in the page over its picture (the pictures carry none): a
 * shopper on a slow connection reads the card before its picture arrives. White on a shade that
 * darkens the card's foot: legible over any picture, and over the card's own colour without one.
 */
const CardText = styled.span`
  display: flex;
  flex-direction: column;
  gap: 2px;
  margin: -12px;
  padding: 24px 12px 12px;
  color: #fff;
  background: linear-gradient(#0000, #0009);
  text-shadow: 0 1px 2px #0009;
  strong {
    font-size: ${({ theme }) => theme.fontSizes.lg}px;
  }
  span {
    font-size: ${({ theme }) => theme.fontSizes.sm}px;
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

function CardLink({ card }: { card: HomeCardView }) {
  const content = (
    <CardText>
      <strong>{card.title}</strong>
      {card.subtitle && <span> {card.subtitle}</span>}
    </CardText>
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

/**
 * The home page's cards as shoppers see them: the featured cards in a grid (the first one the
 * lead banner), the guarantees (kind "service") as badges below. The back office's card editor
 * shows its preview with this same component.
 */
export function HomeCardsView({ cards }: { cards: readonly HomeCardView[] }) {
  const intl = useIntl();
  const featured = cards.filter((card) => card.kind !== SERVICE_KIND);
  const guarantees = cards.filter((card) => card.kind === SERVICE_KIND);
  return (
    <>
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
    </>
  );
}
