/**
 * The web app's operation manifest as the gateway suites send it: every operation, the queries,
 * a document by name, and variables that make each query answer with data.
 */
import fs from 'node:fs';
import path from 'node:path';
import { OPERATION_MANIFEST } from '../../scripts/operation-manifest.ts';

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
