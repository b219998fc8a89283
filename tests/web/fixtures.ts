/** GraphQL mocks shared by the shell's web tests (results carry __typename, as the gateway sends them). */
import type { MockLink } from '@apollo/client/testing';
import { CartCountDocument, SessionDocument, ShellDocument } from '../../web/src/__generated__/graphql.ts';

export const demoViewer = {
  __typename: 'Viewer' as const,
  id: '2',
  account: 'demo',
  name: '演示用户',
  avatar: '',
  isAdmin: false,
};

export function sessionMock(
  signedIn: boolean,
  viewer: typeof demoViewer = demoViewer,
  delay = 0,
): MockLink.MockedResponse {
  return {
    request: { query: SessionDocument },
    maxUsageCount: Number.POSITIVE_INFINITY,
    delay,
    result: {
      data: {
        session: {
          __typename: 'Session',
          id: 'session',
          isAuthenticated: signedIn,
          defaultPassword: false,
          viewer: signedIn ? viewer : null,
        },
      },
    },
  };
}

/** The shop's layout settings as seeded (the service's defaults). */
export const SEEDED_LAYOUT = { showSettings: false, fixedHeader: true, sidebarLogo: true };

export function shellMock(
  customerService: string | null = 'legou-service',
  layout: Partial<typeof SEEDED_LAYOUT> = {},
): MockLink.MockedResponse {
  return {
    request: { query: ShellDocument },
    maxUsageCount: Number.POSITIVE_INFINITY,
    result: {
      data: {
        config: {
          __typename: 'ShopConfig',
          shopName: '乐购商城',
          siteTitle: '乐购商城',
          timeZone: 'Asia/Shanghai',
        },
        settings: { __typename: 'ShopSettings', customerService, ...SEEDED_LAYOUT, ...layout },
      },
    },
  };
}

export function cartCountMock(totalQuantity: number): MockLink.MockedResponse {
  return {
    request: { query: CartCountDocument },
    maxUsageCount: Number.POSITIVE_INFINITY,
    result: { data: { cart: { __typename: 'Cart', id: 'cart', totalQuantity } } },
  };
}
