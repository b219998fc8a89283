/**
 * A confirmation whose dialog cannot be downloaded (the network is down): the question is
 * answered "no" and the shopper is told the network failed, instead of the error taking the
 * whole page down; the next question downloads the dialog again.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useConfirm } from '../../web/src/components/confirm.tsx';
import { renderWithProviders } from './render.tsx';

/** The dialog's chunk as the browser would download it. */
const dialogChunk = vi.hoisted(() => ({ networkDown: true }));
vi.mock('../../web/src/components/ConfirmDialog.tsx', async (importOriginal) => {
  if (dialogChunk.networkDown)
    throw new TypeError('Failed to fetch dynamically imported module: /assets/ConfirmDialog.js');
  return importOriginal();
});

function Asker({ onResult }: { onResult: (confirmed: boolean) => void }) {
  const confirm = useConfirm();
  return (
    <>
      <h1>page</h1>
      <button
        type="button"
        onClick={() =>
          void confirm({ message: '确认取消该订单吗？', confirmText: '取消订单', cancelText: '再想想' }).then(
            onResult,
          )
        }
      >
        cancel order
      </button>
    </>
  );
}

describe('a confirmation while the network is down', () => {
  it('answers no and says the network failed; the page stays; the next question asks again', async () => {
    const user = userEvent.setup();
    const onResult = vi.fn();
    renderWithProviders(<Asker onResult={onResult} />);

    await user.click(screen.getByRole('button', { name: 'cancel order' }));
    await waitFor(() => expect(onResult).toHaveBeenCalledWith(false));
    const toasts = within(await screen.findByRole('region', { name: '消息' }));
    expect(await toasts.findByText('网络异常，请稍后重试')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'page' })).toBeInTheDocument();

    dialogChunk.networkDown = false;
    await user.click(screen.getByRole('button', { name: 'cancel order' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: '取消订单' }));
    await waitFor(() => expect(onResult).toHaveBeenLastCalledWith(true));
  });
});
