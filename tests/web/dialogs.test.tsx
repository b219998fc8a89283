/**
 * The dialog (Radix Dialog) and the confirmation (Radix AlertDialog, behind `useConfirm`): their
 * roles and names, the focus moved in, kept inside and given back, Esc, and an outside click that
 * never closes them (docs/product.md, "Constants"). The callers' texts and flows are tested with their screens.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../web/src/app/App.tsx';
import { type ConfirmOptions, useConfirm } from '../../web/src/components/confirm.tsx';
import { Dialog } from '../../web/src/components/Dialog.tsx';
import { renderWithProviders } from './render.tsx';

function DialogHarness({ description }: { description?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <Dialog open={open} title="标题" description={description} onClose={() => setOpen(false)}>
        <input aria-label="first" />
        <button type="button">last</button>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('is a modal dialog labelled by its title, described by its description', async () => {
    const user = userEvent.setup();
    renderWithProviders(<DialogHarness description="说明文字" />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    const dialog = screen.getByRole('dialog', { name: '标题' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('说明文字');
    // the page behind is hidden from assistive technology while it is open
    expect(screen.queryByRole('button', { name: 'open' })).toBeNull();
  });

  it('takes the focus, keeps it inside, closes on Esc and gives it back to the opener', async () => {
    const user = userEvent.setup();
    renderWithProviders(<DialogHarness />);
    const opener = screen.getByRole('button', { name: 'open' });
    await user.click(opener);
    const close = screen.getByRole('button', { name: '关闭' });
    await waitFor(() => expect(close).toHaveFocus());
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'first' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'last' })).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'last' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('stays open on an outside click; × closes it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<DialogHarness />);
    const opener = screen.getByRole('button', { name: 'open' });
    await user.click(opener);
    await user.click(screen.getByTestId('dialog-backdrop'));
    expect(screen.getByRole('dialog', { name: '标题' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('renders nothing on the server, open or not', () => {
    const html = renderToString(
      <AppProviders locale="zh-CN">
        <Dialog open title="标题" onClose={() => {}}>
          <p>正文</p>
        </Dialog>
        <span>page</span>
      </AppProviders>,
    );
    expect(html).toContain('page');
    expect(html).not.toContain('标题');
    expect(html).not.toContain('正文');
  });
});

function ConfirmHarness({ options, onResult }: { options: ConfirmOptions; onResult: (ok: boolean) => void }) {
  const confirm = useConfirm();
  return (
    <button type="button" onClick={() => void confirm(options).then(onResult)}>
      delete
    </button>
  );
}

const question = { message: 'Confirm deletion?', confirmText: 'Delete', cancelText: 'Keep it' };

async function ask(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'delete' }));
  // the dialog's chunk loads on first use
  return screen.findByRole('alertdialog');
}

describe('confirm', () => {
  it('is an alert dialog labelled by its title and described by the question; the answer that does nothing has the focus', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ConfirmHarness options={question} onResult={() => {}} />, { locale: 'en-GB' });
    const dialog = await ask(user);
    expect(dialog).toHaveAccessibleName('Notice');
    expect(dialog).toHaveAccessibleDescription('Confirm deletion?');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Keep it' })).toHaveFocus());
  });

  it('takes its title and buttons from the caller', async () => {
    const user = userEvent.setup();
    const options = {
      title: '请登录',
      message: '该操作需要登录',
      confirmText: '立即登录',
      cancelText: '继续浏览',
    };
    renderWithProviders(<ConfirmHarness options={options} onResult={() => {}} />);
    const dialog = await ask(user);
    expect(dialog).toHaveAccessibleName('请登录');
    expect(within(dialog).getByRole('button', { name: '立即登录' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '继续浏览' })).toBeInTheDocument();
  });

  it('resolves true on its action, false on the other button and on Esc, and gives the focus back each time', async () => {
    const user = userEvent.setup();
    const onResult = vi.fn();
    renderWithProviders(<ConfirmHarness options={question} onResult={onResult} />, { locale: 'en-GB' });
    const opener = screen.getByRole('button', { name: 'delete' });

    await user.click(within(await ask(user)).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onResult).toHaveBeenLastCalledWith(true));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(opener).toHaveFocus());

    await user.click(within(await ask(user)).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(onResult).toHaveBeenLastCalledWith(false));
    await waitFor(() => expect(opener).toHaveFocus());

    await ask(user);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(onResult).toHaveBeenCalledTimes(3));
    expect(onResult).toHaveBeenLastCalledWith(false);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('ignores an outside click', async () => {
    const user = userEvent.setup();
    const onResult = vi.fn();
    renderWithProviders(<ConfirmHarness options={question} onResult={onResult} />, { locale: 'en-GB' });
    await ask(user);
    await user.click(screen.getByTestId('dialog-backdrop'));
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(onResult).not.toHaveBeenCalled();
  });
});

/** The login prompt's pattern: "log in now" closes the confirmation and opens a dialog in its place. */
function PromptThenDialog() {
  const confirm = useConfirm();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() =>
          void confirm({ message: '请登录', confirmText: '立即登录', cancelText: '继续浏览' }).then(setOpen)
        }
      >
        add to cart
      </button>
      <Dialog open={open} title="用户登录" onClose={() => setOpen(false)}>
        <input aria-label="account" />
      </Dialog>
    </>
  );
}

describe('a dialog opened by a confirmation', () => {
  it('gives the focus back to what opened the confirmation', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PromptThenDialog />);
    const opener = screen.getByRole('button', { name: 'add to cart' });
    await user.click(opener);
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: '立即登录' }),
    );
    const dialog = await screen.findByRole('dialog', { name: '用户登录' });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
