/**
 * The web app's operation manifest as the gateway suites send it: every operation, the queries,
 * a document by name, variables that make each query answer with data, and the visitors the
 * suites comparing two gateways send them as.
 */
import fs from 'node:fs';
import path from 'node:path';
import { OPERATION_MANIFEST } from '../../scripts/operation-manifest.ts';
import { type GatewayHarness, stockedProductIds } from './harness.ts';

export interface ManifestOperation {
  id: string;
  name: string;
  type: 'query' | 'mutation' | 'subscription';
  body: string;
}

export const manifest = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, '../..', OPERATION_MANIFEST), 'utf8'),
) as { operations: ManifestOperation[] };

export const queries = manifest.operations.filter((operation) => operation.type === 'query');

export function operation(name: string): ManifestOperation {
  const found = manifest.operations.find((entry) => entry.name === name);
  if (!found) throw new Error(`${name} is not in the manifest`);
  return found;
}

/** A document's text by operation name. */
export const document = (name: string) => operation(name).body;

/** Variables under which each query of the manifest answers with data (others need none). */
export function variablesFor(
  name: string,
  known: { productId: string; cardName: string },
): Record<string, unknown> {
  switch (name) {
    case 'GoodsDetailPage':
      return { id: known.productId };
    case 'CategoryGoodsPage':
      return { cardName: known.cardName, sort: 'PRICE_ASC', page: { pageNum: 1, pageSize: 5 } };
    case 'SearchResultPage':
      return { keyword: 'phone', page: { pageSize: 5 } };
    case 'SearchSuggestions':
      return { keyword: 'ph' };
    case 'HomePage':
      return { hotPage: { pageSize: 4 }, newPage: { pageSize: 4 } };
    case 'ConfirmOrderPage':
      return { input: { productId: known.productId, quantity: 1 } };
    case 'AdminOrderDetail':
    case 'OrderDetailPage':
      return { id: '1' };
    case 'AfterSales':
    case 'PayResultPage':
      return { orderId: '1' };
    default:
      return {};
  }
}

/** Throws with the errors of an answer a fixture needs to succeed. */
function succeeded(answer: { errors?: unknown }): void {
  if (answer.errors) throw new Error(JSON.stringify(answer.errors));
}

/**
 * Who and what the suites comparing two gateways send: a product in stock and a category name
 * (for `variablesFor`), a new shopper with two of that product in the cart, and the back office,
 * both signed in on `h` through the web app's own mutations; their cookies work on every gateway
 * sharing `h`'s session secret.
 */
export async function comparisonVisitors(h: GatewayHarness, shopper: { username: string; phone: string }) {
  const [first] = await stockedProductIds(h, 5, 1);
  if (first === undefined) throw new Error('no product in stock');
  const productId = String(first);
  const categories = await h.gql<{ categories: Array<{ name: string }> }>('{ categories { name } }');
  const cardName = categories.data!.categories[0].name;
  const shopperJar = h.jar();
  succeeded(
    await h.gql(document('Register'), { input: { ...shopper, password: 'secret123' } }, { jar: shopperJar }),
  );
  succeeded(await h.gql(document('AddToCart'), { input: { productId, quantity: 2 } }, { jar: shopperJar }));
  const admin = h.jar();
  succeeded(
    await h.gql(document('Login'), { input: { account: 'admin', password: 'admin123' } }, { jar: admin }),
  );
  return { productId, cardName, shopper: shopperJar, admin };
}
