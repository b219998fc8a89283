/** Accounts: the shopper, real-name verification, menus and buttons, tokens. */

export type RestGender = 'male' | 'female';
export type RestMenuType = 1 | 2 | 3;

/** GET /shop/shop-user/detail, PUT /shop/shop-user */
export interface RestUser {
  id: number;
  account: string;
  name: string;
  avatar: string;
  phone: string;
  /** 'male' | 'female' | '' */
  gender: string;
  isReal: boolean;
  isAdmin: boolean;
  /**
   * Units in the shopper's cart: GET /shop/cart's `totalQuantity` (the same lines count), so the
   * cart's badge needs no call of its own.
   */
  cartQuantity: number;
}

/** GET and POST /shop/user/real-name */
export interface RestRealName {
  realName: string | null;
  idNumberMasked: string | null;
  isReal: boolean;
}

export interface RestMenuItem {
  id: number;
  name: string;
  routerName: string;
  routerPath: string;
  redirect: string | null;
  isEnabled: boolean;
  isHidden: boolean;
  isAlwaysShow: boolean;
  highlightMenu: string | null;
  type: RestMenuType;
  children?: RestMenuItem[];
}

/** GET /account/resource */
export interface RestResources {
  menus: RestMenuItem[];
  buttons: string[];
}

/** POST /shop/shop-user/login and /refresh-token */
export interface RestTokenAnswer {
  accessToken: string;
  refreshToken: string;
  defaultPassword: boolean;
}

/** POST /shop/shop-user/register: the new id, plus the new login's tokens when `signIn` was asked. */
export interface RestRegisterAnswer extends Partial<RestTokenAnswer> {
  id: number;
}

/** The body of PUT /shop/shop-user (only the fields that change). */
export interface RestProfileChange {
  name?: string;
  avatar?: string;
  phone?: string;
  gender?: RestGender;
}

/** The body of POST /shop/shop-user/update-password */
export interface RestPasswordChange {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** The body of POST /shop/shop-user/register */
export interface RestRegistration {
  username: string;
  password: string;
  phone: string;
  /** Answer the new login's tokens too (one password hash instead of two). */
  signIn?: boolean;
}
