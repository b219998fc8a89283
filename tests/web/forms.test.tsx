import { requiredText } from '@shop/common/validation/fields.ts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Checkbox } from '../../web/src/components/Checkbox.tsx';
import { Field, Select, TextInput, useShopForm } from '../../web/src/components/form/index.ts';
import { Pagination, pageItems } from '../../web/src/components/Pagination.tsx';
import { QuantityInput } from '../../web/src/components/QuantityInput.tsx';
import { renderWithProviders } from './render.tsx';

/** A form on the shared rule builders: a required text and a required choice. */
const noteSchema = z.object({ note: requiredText(20), kind: requiredText(10) });

function NoteForm({ onSubmit }: { onSubmit: (values: z.output<typeof noteSchema>) => void }) {
  const form = useShopForm({ schema: noteSchema, labels: { note: 'field.username', kind: 'field.phone' } });
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
      <Field label="note" error={form.errorText('note')} required>
        <TextInput {...form.field('note')} />
      </Field>
      <Field label="kind" error={form.errorText('kind')}>
        <Select {...form.field('kind')} placeholder="-" options={[{ value: 'a', label: 'A' }]} />
      </Field>
      <button type="submit">save</button>
    </form>
  );
}

describe('useShopForm + Field', () => {
  it('validates on blur and on submit, wires aria, clears an error on change, focuses the first invalid field', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderWithProviders(<NoteForm onSubmit={onSubmit} />);
    const note = screen.getByLabelText(/note/);
    expect(note).toHaveAttribute('aria-required', 'true');
    await user.click(note);
    await user.tab();
    expect(await screen.findByText('用户名 不能为空')).toBeInTheDocument();
    await user.type(note, '   ');
    expect(screen.queryByText('用户名 不能为空')).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText('请输入内容')).toBeInTheDocument();
    expect(note).toHaveAttribute('aria-invalid', 'true');
    expect(note).toHaveAccessibleDescription('请输入内容');
    await user.type(note, 'x');
    expect(screen.queryByText('请输入内容')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'save' }));
    expect(await screen.findByText('手机号码 不能为空')).toBeInTheDocument();
    expect(screen.getByLabelText('kind')).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.selectOptions(screen.getByLabelText('kind'), 'a');
    await user.click(screen.getByRole('button', { name: 'save' }));
    // the schema's output: the text is trimmed
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ note: 'x', kind: 'a' }, expect.anything()));
  });

  it('says the rules in English too', async () => {
    const user = userEvent.setup();
    renderWithProviders(<NoteForm onSubmit={vi.fn()} />, { locale: 'en-GB' });
    await user.type(screen.getByLabelText(/note/), 'x'.repeat(21));
    await user.tab();
    expect(await screen.findByText('User name must be at most 20 characters')).toBeInTheDocument();
  });
});

function QuantityHarness({ max }: { max: number }) {
  const [value, setValue] = useState(1);
  return (
    <>
      <QuantityInput value={value} onChange={setValue} max={max} />
      <output>{value}</output>
    </>
  );
}

describe('QuantityInput', () => {
  it('stays within 1 … stock, and says 请输入数量 when empty or zero', async () => {
    const user = userEvent.setup();
    renderWithProviders(<QuantityHarness max={3} />);
    const input = screen.getByRole('textbox', { name: '数量' });
    expect(screen.getByRole('button', { name: '减少' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '增加' }));
    await user.click(screen.getByRole('button', { name: '增加' }));
    expect(screen.getByText('3', { selector: 'output' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '增加' })).toBeDisabled();

    await user.clear(input);
    expect(await screen.findByText('请输入数量')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(input, { target: { value: '0' } });
    expect(screen.getByText('请输入数量')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '99' } });
    expect(input).toHaveValue('3');
    expect(screen.queryByText('请输入数量')).not.toBeInTheDocument();
    // The clamp is said, not silent.
    expect(screen.getByText('库存仅剩 3 件，已按库存调整')).toHaveAttribute('role', 'status');
  });

  it('never keeps 0 or an empty box: leaving it brings the last quantity back', async () => {
    const user = userEvent.setup();
    renderWithProviders(<QuantityHarness max={5} />);
    const input = screen.getByRole('textbox', { name: '数量' });
    await user.click(screen.getByRole('button', { name: '增加' }));
    await user.clear(input);
    await user.type(input, '0');
    expect(screen.getByText('请输入数量')).toHaveAttribute('role', 'alert');
    await user.tab();
    expect(input).toHaveValue('2');
    expect(screen.getByText('2', { selector: 'output' })).toBeInTheDocument();
    // What happened is said once: the box is back to 2, no stale '请输入数量' beside it.
    expect(screen.getByText('数量至少为 1，已恢复为 2')).toHaveAttribute('role', 'status');
    expect(screen.queryByText('请输入数量')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'false');
  });

  it('says a letter is dropped instead of reverting silently, and the next step clears the note', async () => {
    const user = userEvent.setup();
    renderWithProviders(<QuantityHarness max={5} />);
    const input = screen.getByRole('textbox', { name: '数量' });
    await user.type(input, 'a');
    expect(input).toHaveValue('1');
    expect(screen.getByText('数量只能输入数字')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '增加' }));
    expect(screen.getByText('2', { selector: 'output' })).toBeInTheDocument();
    expect(screen.queryByText('数量只能输入数字')).not.toBeInTheDocument();
  });

  it('speaks English too', () => {
    renderWithProviders(<QuantityHarness max={5000} />, { locale: 'en-GB' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Quantity' }), { target: { value: '' } });
    expect(screen.getByText('Please enter a quantity')).toBeInTheDocument();
    fireEvent.blur(screen.getByRole('textbox', { name: 'Quantity' }));
    expect(screen.getByText('The quantity must be at least 1: it is back to 1')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Quantity' }), { target: { value: '2x' } });
    expect(screen.getByText('The quantity takes digits only')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Quantity' }), { target: { value: '99999' } });
    expect(screen.getByRole('textbox', { name: 'Quantity' })).toHaveValue('999');
    expect(screen.getByText('At most 999 of one product can be bought')).toHaveAttribute('role', 'status');
  });
});

describe('Checkbox and Pagination', () => {
  it('checkbox reports changes', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<Checkbox checked={false} onChange={onChange} label="全选" />);
    await user.click(screen.getByRole('checkbox', { name: '全选' }));
    expect(onChange).toHaveBeenCalledWith(true);
  });

  it('pagination pages with gaps, current page marked', async () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(5, 10)).toEqual([1, null, 3, 4, 5, 6, 7, null, 10]);
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<Pagination pageNum={2} total={100} onChange={onChange} />);
    expect(screen.getByRole('button', { name: '第 2 页' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('button', { name: '下一页' }));
    expect(onChange).toHaveBeenCalledWith(3);
  });

  it('pagination with addresses: links that work without JavaScript, clicks kept in the app', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(
      <Pagination pageNum={1} total={60} onChange={onChange} hrefOf={(page) => `/goods/hot?page=${page}`} />,
    );
    expect(screen.queryByRole('button')).toBeNull();
    // the first page's back arrow leads nowhere; the current page is a link to itself
    const previous = screen.getByLabelText('上一页');
    expect(previous).not.toHaveAttribute('href');
    expect(previous).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('link', { name: '第 1 页' })).toHaveAttribute('aria-current', 'page');
    const next = screen.getByRole('link', { name: '下一页' });
    expect(next).toHaveAttribute('href', '/goods/hot?page=2');
    expect(screen.getByRole('link', { name: '第 3 页' })).toHaveAttribute('href', '/goods/hot?page=3');
    await user.click(next);
    expect(onChange).toHaveBeenCalledWith(2);
    await user.click(screen.getByRole('link', { name: '第 1 页' }));
    await user.click(previous);
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
