/** Search results on the server: the first hit's picture is preloaded and previews the page. */
import { SearchResultPageDocument } from '../../__generated__/graphql.ts';
import { type RouteServer, readOwn } from '../../app/route-server.ts';
import { leadPictureOf } from '../../features/product/lead-picture.ts';
import { searchOf } from './search-variables.ts';

export const head: RouteServer['head'] = ({ client, url }) => {
  const { keyword, variables } = searchOf(url.searchParams);
  if (!keyword) return {};
  const found = readOwn(client, SearchResultPageDocument, variables);
  return { image: leadPictureOf(found?.productSearch.hits.map((hit) => hit.product)) };
};
