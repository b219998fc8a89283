/**
 * The goods page on the server: the product is the page's critical data (missing or off the
 * shelf: 404, before anything is sent), and its name, price and picture are the page's head.
 */
import { formatMoney, formatYuanPlain } from '@shop/common/format.ts';
import { GoodsDetailPageDocument } from '../../__generated__/graphql.ts';
import { type RouteHeadArgs, type RouteServer, readOwn, refusalCodes } from '../../app/route-server.ts';
import { hasPicture } from '../../components/Picture.tsx';
import { GALLERY_MAIN_SIZES } from '../../features/product/ProductGallery.tsx';
import { isProductId } from '../../features/product/product-id.ts';

const variablesOf = (productId: string | undefined) =>
  isProductId(productId) ? { id: productId.trim() } : null;

const readProduct = ({ client, params }: Pick<RouteHeadArgs, 'client' | 'params'>) => {
  const variables = variablesOf(params.productId);
  if (!variables) return null;
  return readOwn(client, GoodsDetailPageDocument, variables)?.product ?? null;
};

export const critical: RouteServer['critical'] = async ({ client, params }) => {
  const variables = variablesOf(params.productId);
  if (!variables) return { status: 404 };
  // The screen's own query (same variables): its answer is in the cache when the screen renders.
  const { data, error } = await client.query({
    query: GoodsDetailPageDocument,
    variables,
    errorPolicy: 'all',
  });
  const codes = refusalCodes(error);
  if (codes.has('NOT_FOUND') || codes.has('catalogue.offShelf')) return { status: 404 };
  const product = data?.product;
  return product?.onShelf ? { status: 200 } : { status: 404 };
};

export const head: RouteServer['head'] = (args) => {
  const product = readProduct(args);
  // A missing or withdrawn product's page is titled by what it says instead (GoodsDetailPage).
  if (!isProductId(args.params.productId)) return { title: args.text('goods.idMissing') };
  if (!product) return { title: args.text('goods.notFound') };
  if (!product.onShelf) return { title: args.text('goods.offShelf') };
  const description = (product.description || product.name).slice(0, 160);
  const price = formatMoney(product.price.fen, product.price.currency);
  const picture = product.featuredImage;
  return {
    title: product.name,
    description,
    ogType: 'product',
    cardTitle: `${product.name} ${price}`,
    image: hasPicture(picture) ? { ...picture, sizes: GALLERY_MAIN_SIZES } : undefined,
    meta: [
      { key: 'property', name: 'product:price:amount', content: formatYuanPlain(product.price.fen) },
      { key: 'property', name: 'product:price:currency', content: product.price.currency },
    ],
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      description,
      sku: product.id,
      ...(picture.url ? { image: [picture.url] } : {}),
      url: args.canonical,
      offers: {
        '@type': 'Offer',
        url: args.canonical,
        // the shop sells only new goods
        itemCondition: 'https://schema.org/NewCondition',
        price: formatYuanPlain(product.price.fen),
        priceCurrency: product.price.currency,
        availability: product.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      },
    },
  };
};
