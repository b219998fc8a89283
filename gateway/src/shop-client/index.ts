import { type AccountsClient, RestAccountsClient } from './accounts.ts';
import { type AddressesClient, RestAddressesClient } from './addresses.ts';
import { type AdminClient, RestAdminClient } from './admin.ts';
import { type AdminExcelClient, RestAdminExcelClient } from './admin-excel.ts';
import type { Caller } from './caller.ts';
import { type CartClient, RestCartClient } from './cart.ts';
import { type CatalogueClient, RestCatalogueClient } from './catalogue.ts';
import { type CatalogueStructureClient, RestCatalogueStructureClient } from './catalogue-structure.ts';
import { type LedgerClient, RestLedgerClient } from './ledger.ts';
import { type OrdersClient, RestOrdersClient } from './orders.ts';
import { type PaymentsClient, RestPaymentsClient } from './payments.ts';
import { type ProductAdminClient, RestProductAdminClient } from './product-admin.ts';
import { type ProductPhotosClient, RestProductPhotosClient } from './product-photos.ts';
import { type ReferenceClient, RestReferenceClient } from './reference.ts';
import { RestStockClient, type StockClient } from './stock.ts';

export type { ProductFilter } from './catalogue.ts';
export type { OrderAction } from './orders.ts';
export type {
  AccountsClient,
  AddressesClient,
  AdminClient,
  AdminExcelClient,
  CartClient,
  CatalogueClient,
  CatalogueStructureClient,
  LedgerClient,
  OrdersClient,
  PaymentsClient,
  ProductAdminClient,
  ProductPhotosClient,
  ReferenceClient,
  StockClient,
};

/**
 * The one typed edge to the REST service: resolvers and loaders call these methods (never
 * `{ method, path }` literals), each answering a type of common/rest/. An interface, so tests
 * can inject a fake.
 */
export interface ShopClient {
  readonly accounts: AccountsClient;
  readonly reference: ReferenceClient;
  readonly catalogue: CatalogueClient;
  readonly cart: CartClient;
  readonly addresses: AddressesClient;
  readonly orders: OrdersClient;
  readonly payments: PaymentsClient;
  readonly ledger: LedgerClient;
  readonly admin: AdminClient;
  readonly adminExcel: AdminExcelClient;
  readonly catalogueStructure: CatalogueStructureClient;
  readonly productAdmin: ProductAdminClient;
  readonly productPhotos: ProductPhotosClient;
  readonly stock: StockClient;
}

/**
 * The shop client over one request's upstream call function. Built per request, so it is cheap:
 * a domain's client is created on first use (most operations touch one or two domains).
 */
class RestShopClient implements ShopClient {
  #accounts?: AccountsClient;
  #reference?: ReferenceClient;
  #catalogue?: CatalogueClient;
  #cart?: CartClient;
  #addresses?: AddressesClient;
  #orders?: OrdersClient;
  #payments?: PaymentsClient;
  #ledger?: LedgerClient;
  #admin?: AdminClient;
  #adminExcel?: AdminExcelClient;
  #catalogueStructure?: CatalogueStructureClient;
  #productAdmin?: ProductAdminClient;
  #productPhotos?: ProductPhotosClient;
  #stock?: StockClient;

  constructor(private readonly upstream: Caller) {}

  get accounts() {
    this.#accounts ??= new RestAccountsClient(this.upstream);
    return this.#accounts;
  }
  get reference() {
    this.#reference ??= new RestReferenceClient(this.upstream);
    return this.#reference;
  }
  get catalogue() {
    this.#catalogue ??= new RestCatalogueClient(this.upstream);
    return this.#catalogue;
  }
  get cart() {
    this.#cart ??= new RestCartClient(this.upstream);
    return this.#cart;
  }
  get addresses() {
    this.#addresses ??= new RestAddressesClient(this.upstream);
    return this.#addresses;
  }
  get orders() {
    this.#orders ??= new RestOrdersClient(this.upstream);
    return this.#orders;
  }
  get payments() {
    this.#payments ??= new RestPaymentsClient(this.upstream);
    return this.#payments;
  }
  get ledger() {
    this.#ledger ??= new RestLedgerClient(this.upstream);
    return this.#ledger;
  }
  get admin() {
    this.#admin ??= new RestAdminClient(this.upstream);
    return this.#admin;
  }
  get adminExcel() {
    this.#adminExcel ??= new RestAdminExcelClient(this.upstream);
    return this.#adminExcel;
  }
  get catalogueStructure() {
    this.#catalogueStructure ??= new RestCatalogueStructureClient(this.upstream);
    return this.#catalogueStructure;
  }
  get productAdmin() {
    this.#productAdmin ??= new RestProductAdminClient(this.upstream);
    return this.#productAdmin;
  }
  get productPhotos() {
    this.#productPhotos ??= new RestProductPhotosClient(this.upstream);
    return this.#productPhotos;
  }
  get stock() {
    this.#stock ??= new RestStockClient(this.upstream);
    return this.#stock;
  }
}

export function createShopClient(upstream: Caller): ShopClient {
  return new RestShopClient(upstream);
}
