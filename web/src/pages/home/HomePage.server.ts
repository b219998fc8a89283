/**
 * The home page on the server: its head preloads the lead banner, the page's largest paint, at the
 * size the layout shows it, and shares it as the page's picture.
 */
import { HomePageDocument } from '../../__generated__/graphql.ts';
import { type RouteServer, readOwn } from '../../app/route-server.ts';
import { hasPicture } from '../../components/Picture.tsx';
import { HOME_LEAD_SIZES, HOME_VARIABLES, SERVICE_KIND } from './HomePage.tsx';

export const head: RouteServer['head'] = ({ client }) => {
  const cards = readOwn(client, HomePageDocument, HOME_VARIABLES)?.cards.cards ?? [];
  const lead = cards.find((card) => card.kind !== SERVICE_KIND)?.featuredImage;
  return lead && hasPicture(lead) ? { image: { ...lead, sizes: HOME_LEAD_SIZES } } : {};
};
