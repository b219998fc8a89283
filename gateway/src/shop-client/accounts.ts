import type {
  RestPasswordChange,
  RestProfileChange,
  RestRealName,
  RestRegisterAnswer,
  RestRegistration,
  RestResources,
  RestTokenAnswer,
  RestUser,
} from '@shop/common/rest/index.ts';
import type { Caller } from './caller.ts';

/** Logins, the shopper's profile, real name and menus. */
export interface AccountsClient {
  login(account: string, password: string): Promise<RestTokenAnswer>;
  register(registration: RestRegistration): Promise<RestRegisterAnswer>;
  logout(refreshToken: string | undefined): Promise<null>;
  /** Rotates the session's tokens (POST /refresh-token). */
  refresh(refreshToken: string | undefined): Promise<RestTokenAnswer>;
  changePassword(change: RestPasswordChange): Promise<null>;
  detail(): Promise<RestUser>;
  updateProfile(change: RestProfileChange): Promise<RestUser>;
  realName(): Promise<RestRealName>;
  verifyRealName(realName: string, idNumber: string): Promise<RestRealName>;
  resources(): Promise<RestResources>;
}

export class RestAccountsClient implements AccountsClient {
  constructor(private readonly upstream: Caller) {}

  login(account: string, password: string) {
    return this.upstream.call<RestTokenAnswer>({
      method: 'POST',
      path: '/shop/shop-user/login',
      body: { account, password },
      auth: false,
    });
  }

  register(registration: RestRegistration) {
    return this.upstream.call<RestRegisterAnswer>({
      method: 'POST',
      path: '/shop/shop-user/register',
      body: registration,
      auth: false,
    });
  }

  logout(refreshToken: string | undefined) {
    return this.upstream.call<null>({
      method: 'POST',
      path: '/shop/shop-user/logout',
      body: { refreshToken },
      auth: true,
    });
  }

  refresh(refreshToken: string | undefined) {
    return this.upstream.call<RestTokenAnswer>({
      method: 'POST',
      path: '/refresh-token',
      body: { refreshToken },
      auth: false,
    });
  }

  changePassword(change: RestPasswordChange) {
    return this.upstream.call<null>({
      method: 'POST',
      path: '/shop/shop-user/update-password',
      body: change,
      auth: true,
    });
  }

  detail() {
    return this.upstream.call<RestUser>({ method: 'GET', path: '/shop/shop-user/detail', auth: true });
  }

  updateProfile(change: RestProfileChange) {
    return this.upstream.call<RestUser>({ method: 'PUT', path: '/shop/shop-user', body: change, auth: true });
  }

  realName() {
    return this.upstream.call<RestRealName>({ method: 'GET', path: '/shop/user/real-name', auth: true });
  }

  verifyRealName(realName: string, idNumber: string) {
    return this.upstream.call<RestRealName>({
      method: 'POST',
      path: '/shop/user/real-name',
      body: { realName, idNumber },
      auth: true,
    });
  }

  resources() {
    return this.upstream.call<RestResources>({ method: 'GET', path: '/account/resource', auth: true });
  }
}
