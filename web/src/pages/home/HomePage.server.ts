/**
 * The home page on the server: its head preloads the lead banner, the page's largest paint, at the
 * size the layout shows it, and shares it as the page's picture.
 */
import { HomePage_CardsFragmentDoc } from '../../__generated__/graphql.ts';
import type { RouteServer } from '../../app/route-server.ts';
import { hasPicture } from '../../components/Picture.tsx';
import { HOME_LEAD_SIZES, SERVICE_KIND } from './HomePage.tsx';

export const head: RouteServer['head'] = ({ client }) => {
  // Only the cards: the products beside them are many, and the head needs none of them.
  const cards =
    client.cache.readFragment({
      id: 'ROOT_QUERY',
      fragment: HomePage_CardsFragmentDoc,
      fragmentName: 'HomePage_cards',
    })?.cards.cards ?? [];
  const lead = cards.find((card) => card.kind !== SERVICE_KIND)?.featuredImage;
  return lead && hasPicture(lead) ? { image: { ...lead, sizes: HOME_LEAD_SIZES } } : {};
};
