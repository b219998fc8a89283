/**
 * The gateway's own models (payloads, a search with what it asked for). codegen.ts maps every other GraphQL
 * type to a REST answer of common/rest/ (the service builds them against the same types), so resolvers get
 * REST data as is and only fields that differ need a resolver; a payload holding one REST answer is written
 * in codegen.ts (`holds`). A payload model is its success shape: a refused mutation answers only `userErrors`
 * (resolvers/user-errors.ts), and its payload fields then resolve to null without running.
 */
import type {
  RestAddress,
  RestCart,
  RestProductPage,
  RestRealName,
  RestUser,
} from '@shop/common/rest/index.ts';
import type { RestSearchFilter } from '@shop/common/rest/routes.ts';
import type { SessionHandle } from './session/handle.ts';

/** A search page and what it asked for, so `facets` can be fetched only when selected. */
export interface ProductSearchModel {
  page: RestProductPage;
  keyword: string;
  /** The category and price filters of the search, as REST query parameters. */
  filter: RestSearchFilter;
}

/** `Session` is resolved from these flags (the request's session, or the one just established). */
export type SessionModel = Pick<SessionHandle, 'isAuthenticated' | 'defaultPassword'>;

/** `Cart` resolves from the whole cart, or only its count when that is all asked (resolvers/cart.ts). */
export type CartModel = RestCart | { totalQuantity: number };

export interface CartPayloadModel {
  cart: RestCart;
  removedLineId?: string;
}

export interface ViewerPayloadModel {
  viewer: RestUser;
  realName?: RestRealName;
}

export interface AddressesPayloadModel {
  address?: RestAddress;
  deletedId?: number | string;
  /** The list when the REST answer already holds it (delete, set default). */
  addresses?: RestAddress[];
}

export interface LoginPayloadModel {
  /** Only for bearer clients; null when the session went into the cookie. */
  sessionToken: string | null;
  defaultPassword: boolean;
}

export interface RegisterPayloadModel {
  userId: number;
  sessionToken: string | null;
}

/** Payloads whose every field is resolved from the context (e.g. the session after logout). */
export type ContextPayloadModel = Record<string, never>;
