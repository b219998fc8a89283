import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AdjustStockDocument, StockDialogDocument } from '../../web/src/__generated__/graphql.ts';
import { StockButton } from '../../web/src/pages/admin/products/stock/StockButton.tsx';
import { renderWithProviders } from './render.tsx';

const signedIn = { isAuthenticated: true, viewer: { id: '1', account: 'admin', isAdmin: true } };
const PAGE = { pageNum: 1, pageSize: 10 };

const entry = (
  id: string,
  delta: number,
  reason: string,
  stockAfter: number,
  orderNo: string | null = null,
) => ({
  __typename: 'StockLedgerEntry',
  id,
  delta,
  reason,
  note: orderNo ? '' : '到货',
  stockAfter,
  at: '2026-11-28T07:00:00.000Z',
  actor: orderNo ? null : { __typename: 'ProductChangeActor', id: '1', account: 'admin' },
  order: orderNo ? { __typename: 'StockLedgerOrder', id: '9', orderNo } : null,
});

const dialogMock = (
  stock: number,
  records = [entry('2', 4, 'RESTOCK', 5), entry('1', -1, 'SALE', 1, '2026112800001')],
) => ({
  request: { query: StockDialogDocument, variables: { id: '7', page: PAGE } },
  result: {
    data: {
      adminProduct: {
        __typename: 'AdminProduct',
        id: '7',
        version: 3,
        stock,
        stockLedger: { __typename: 'StockLedgerPage', total: records.length, records },
      },
    },
  },
});

const adjustMock = (input: Record<string, unknown>, answer: () => unknown) => ({
  request: { query: AdjustStockDocument, variables: { input: { productId: '7', ...input } } },
  result: answer,
});

function renderButton(mocks: unknown[], locale: 'zh-CN' | 'en-GB' = 'zh-CN') {
  return renderWithProviders(<StockButton productId="7" name="苹果" />, {
    mocks: mocks as never,
    session: signedIn,
    locale,
  });
}

describe('stock dialog', () => {
  it('opens as a dialog with the stock and the ledger, shows the stock it will leave, saves, and gives the focus back', async () => {
    const user = userEvent.setup();
    const adjusted = vi.fn(() => ({
      data: {
        adjustStock: {
          __typename: 'AdjustStockPayload',
          product: { __typename: 'AdminProduct', id: '7', version: 4, stock: 2 },
          entry: { __typename: 'StockLedgerEntry', id: '3' },
          userErrors: [],
        },
      },
    }));
    renderButton([dialogMock(5), adjustMock({ delta: -3, reason: 'DAMAGE', note: '摔坏' }, adjusted)]);
    const opener = screen.getByRole('button', { name: '调整库存 苹果' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: '调整库存：苹果' });
    await waitFor(() => expect(within(dialog).getByTestId('stock-current')).toHaveTextContent('5'));
    const ledger = within(dialog).getByRole('region', { name: '库存记录' });
    expect(within(ledger).getAllByRole('row')).toHaveLength(3);
    expect(within(ledger).getByText('补货入库')).toBeInTheDocument();
    expect(within(ledger).getByText('2026112800001')).toBeInTheDocument();
    expect(within(ledger).getByText('−1')).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText(/调整原因/), 'DAMAGE');
    await user.type(within(dialog).getByLabelText(/数量/), '3');
    // No direction is taken for granted: nothing to preview until the admin picks one.
    expect(within(dialog).getByRole('radio', { name: '增加' })).not.toBeChecked();
    expect(within(dialog).getByRole('radio', { name: '减少' })).not.toBeChecked();
    expect(within(dialog).getByTestId('stock-after')).toBeEmptyDOMElement();
    await user.click(within(dialog).getByRole('radio', { name: '减少' }));
    expect(within(dialog).getByTestId('stock-after')).toHaveTextContent('调整后库存：2 件');
    // A reason chosen after the direction never changes it.
    await user.selectOptions(within(dialog).getByLabelText(/调整原因/), 'RESTOCK');
    expect(within(dialog).getByRole('radio', { name: '减少' })).toBeChecked();
    await user.selectOptions(within(dialog).getByLabelText(/调整原因/), 'DAMAGE');
    expect(within(dialog).getByRole('radio', { name: '减少' })).toBeChecked();
    expect(within(dialog).getByTestId('stock-after')).toHaveTextContent('调整后库存：2 件');
    await user.type(within(dialog).getByLabelText(/备注/), '摔坏');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(adjusted).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('checks the shared rules before sending anything, in the admin’s language', async () => {
    const user = userEvent.setup();
    const adjusted = vi.fn();
    renderButton(
      [dialogMock(5, []), adjustMock({ delta: 1, reason: 'RESTOCK', note: null }, adjusted)],
      'en-GB',
    );
    await user.click(screen.getByRole('button', { name: 'Adjust stock of 苹果' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust stock: 苹果' });
    expect(await within(dialog).findByText('No stock changes yet')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Choose the reason for the adjustment')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose whether to add or take away units')).toBeInTheDocument();
    expect(within(dialog).getByRole('radiogroup', { name: /Change/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(
      within(dialog).getByText('Enter how many units to add (positive) or take away (negative), not 0'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Reason/)).toHaveFocus();
    await user.type(within(dialog).getByLabelText(/Units/), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(adjusted).not.toHaveBeenCalled();
  });

  it('keeps what was typed when the service refuses, and says how many are in stock beside the units', async () => {
    const user = userEvent.setup();
    const refused = vi.fn(() => ({
      data: {
        adjustStock: {
          __typename: 'AdjustStockPayload',
          product: null,
          entry: null,
          userErrors: [
            {
              __typename: 'UserError',
              code: 'STOCK_NOT_ENOUGH',
              field: null,
              message: 'Only 1 in stock: 3 cannot be taken away',
            },
          ],
        },
      },
    }));
    renderButton(
      [dialogMock(5), adjustMock({ delta: -3, reason: 'CORRECTION', note: null }, refused), dialogMock(1)],
      'en-GB',
    );
    await user.click(screen.getByRole('button', { name: 'Adjust stock of 苹果' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByTestId('stock-current')).toHaveTextContent('5'));
    await user.selectOptions(within(dialog).getByLabelText(/Reason/), 'CORRECTION');
    await user.click(within(dialog).getByRole('radio', { name: 'Take away' }));
    await user.type(within(dialog).getByLabelText(/Units/), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(refused).toHaveBeenCalledTimes(1));
    expect(await within(dialog).findByText('Only 1 in stock: 3 cannot be taken away')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Units/)).toHaveValue('3');
    expect(within(dialog).getByLabelText(/Units/)).toHaveAttribute('aria-invalid', 'true');
    // The stock is read again: the preview follows what is left now.
    await waitFor(() => expect(within(dialog).getByTestId('stock-current')).toHaveTextContent('1'));
    expect(within(dialog).getByTestId('stock-after')).toHaveTextContent('would be -2');
  });
});
