/**
 * The shop service's REST answers (docs/architecture.md), defined once: the service types the answers it
 * builds against them and the gateway's shop client (gateway/src/shop-client/) returns them, so a
 * changed field fails `npm run typecheck` on both sides. Types only: nothing here runs.
 */
export type * from './accounts.ts';
export type * from './addresses.ts';
export type * from './admin.ts';
export type * from './admin-excel.ts';
export type * from './admin-photos.ts';
export type * from './admin-products.ts';
export type * from './cart.ts';
export type * from './catalogue.ts';
export type * from './catalogue-structure.ts';
export type * from './envelope.ts';
export type * from './ledger.ts';
export type * from './orders.ts';
export type * from './page.ts';
export type * from './payments.ts';
export type * from './reference.ts';
export type * from './stock.ts';
