/** The hot goods' page on the server: its first product's picture is preloaded and previews the page. */
import { HotGoodsPageDocument } from '../../__generated__/graphql.ts';
import { type RouteServer, readOwn } from '../../app/route-server.ts';
import { leadPictureOf } from '../../features/product/lead-picture.ts';
import { listParamsOf } from '../../features/product/useListParams.ts';

export const head: RouteServer['head'] = ({ client, url }) => {
  const { pageNum, pageSize } = listParamsOf(url.searchParams);
  const page = readOwn(client, HotGoodsPageDocument, { page: { pageNum, pageSize } });
  return { image: leadPictureOf(page?.hotProducts.records) };
};
