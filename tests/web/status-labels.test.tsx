import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminOrdersDocument, AdminRefundsDocument } from '../../web/src/__generated__/graphql.ts';
import AdminOrdersPage from '../../web/src/pages/admin/AdminOrdersPage.tsx';
import AdminRefundsPage from '../../web/src/pages/admin/AdminRefundsPage.tsx';
import { startTestService, type TestService } from '../service/harness.ts';
import { ADMIN_BUTTONS, buttonsMock, page } from './menu-fixtures.ts';
import { renderWithProviders } from './render.tsx';
import { renderInAct, withRouteBoundary } from './route-screen.tsx';

/**
 * The same state labels wherever they are shown: the service's reference dictionaries (what any
 * API client reads) and the back office's filters, in both languages.
 */
type Locale = 'zh-CN' | 'en-GB';
const signedIn = { isAuthenticated: true, viewer: { id: '1', account: 'admin', isAdmin: true } };

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());

async function dictionary(key: string, locale: Locale): Promise<string[]> {
  const res = await service.http.get(`/service/option/dict/${key}`).set('Accept-Language', locale);
  expect(res.status).toBe(200);
  return res.body.data.map((option: { label: string }) => option.label);
}

const emptyLists = [
  {
    request: { query: AdminOrdersDocument, variables: () => true },
    result: { data: { adminOrders: page('OrderPage', []) } },
  },
  {
    request: { query: AdminRefundsDocument, variables: () => true },
    result: { data: { adminRefunds: page('RefundPage', []) } },
  },
];

/** The options of a filter as the screen renders them, without the leading "all" option. */
async function filterLabels(screenElement: ReactElement, route: string, filter: string, locale: Locale) {
  const { unmount } = await renderInAct(() =>
    renderWithProviders(withRouteBoundary(screenElement, 'list'), {
      route,
      mocks: [buttonsMock(ADMIN_BUTTONS), ...emptyLists] as never,
      session: signedIn,
      locale,
    }),
  );
  const select = await screen.findByRole('combobox', { name: filter });
  const labels = within(select)
    .getAllByRole('option')
    .filter((option) => option.getAttribute('value') !== '' && option.getAttribute('value') !== 'ALL')
    .map((option) => option.textContent ?? '');
  unmount();
  return labels;
}

describe.each([
  ['zh-CN', '订单状态', '审核状态'],
  ['en-GB', 'Order status', 'Review status'],
] as const)('state labels in %s', (locale, orderFilter, reviewFilter) => {
  it('the back office names order states as the service does', async () => {
    const served = await dictionary('orderStatus', locale);
    expect(served).toHaveLength(5);
    expect(await filterLabels(<AdminOrdersPage />, '/admin/orders', orderFilter, locale)).toEqual(served);
  });

  it('the back office names refund-review states as the service does', async () => {
    const served = await dictionary('reviewStatus', locale);
    expect(served).toHaveLength(3);
    expect(await filterLabels(<AdminRefundsPage />, '/admin/refunds', reviewFilter, locale)).toEqual(served);
  });
});
