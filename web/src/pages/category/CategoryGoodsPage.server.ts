/**
 * A category's page on the server: the category is the page's critical data (an unknown slug is
 * 404 before anything is sent); its name titles the page and its first product's picture is preloaded and previews it.
 */
import { CategoryGoodsPageDocument } from '../../__generated__/graphql.ts';
import { type RouteServer, type RouteServerArgs, readOwn, refusalCodes } from '../../app/route-server.ts';
import { leadPictureOf } from '../../features/product/lead-picture.ts';
import { listParamsOf } from '../../features/product/useListParams.ts';
import './messages.ts'; // the head's texts

/** The variables the screen asks with (its sort and page come from the address). */
function variablesOf({ params, url }: Pick<RouteServerArgs, 'params' | 'url'>) {
  const { sort, pageNum, pageSize } = listParamsOf(url.searchParams);
  return { cardName: params.cardName ?? '', sort, page: { pageNum, pageSize } };
}

export const critical: RouteServer['critical'] = async (args) => {
  const variables = variablesOf(args);
  if (!variables.cardName) return { status: 404 };
  const { data, error } = await args.client.query({
    query: CategoryGoodsPageDocument,
    variables,
    errorPolicy: 'all',
  });
  if (refusalCodes(error).has('NOT_FOUND')) return { status: 404 };
  return data?.category ? { status: 200 } : { status: 404 };
};

export const head: RouteServer['head'] = (args) => {
  const page = readOwn(args.client, CategoryGoodsPageDocument, variablesOf(args));
  const category = page?.category;
  if (!category) return { title: args.text('category.notFound') };
  return {
    title: category.name,
    description: `${category.name} · ${args.text('app.siteDescription')}`,
    image: leadPictureOf(page.products.records),
  };
};
