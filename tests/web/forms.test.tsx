import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox } from '../../web/src/components/Checkbox.tsx';
import { checkField, Field, Select, TextInput, useForm } from '../../web/src/components/form/index.ts';
import { sameAs } from '../../web/src/components/form/validators.ts';
import { Pagination, pageItems } from '../../web/src/components/Pagination.tsx';
import { QuantityInput } from '../../web/src/components/QuantityInput.tsx';
import { renderWithProviders } from './render.tsx';

describe('checkField (the generic rules of docs/product.md, Validation)', () => {
  const values = {};
  it('required → {field} 不能为空 with the field label key', () => {
    expect(checkField({ label: 'field.phone', required: true }, '', values)).toEqual({
      id: 'validation.required',
      values: { field: 'field.phone' },
    });
    expect(checkField({ required: true }, null, values)).toMatchObject({ id: 'validation.required' });
  });
  it('text: whitespace only → 请输入内容', () => {
    expect(checkField({ text: true, required: true }, '   ', values)).toBe('validation.enterContent');
    expect(checkField({ text: true }, 'ok', values)).toBeNull();
  });
  it('number: zero or empty → 请输入数量', () => {
    expect(checkField({ number: true, required: true }, 0, values)).toBe('validation.enterQuantity');
    expect(checkField({ number: true, required: true }, '0', values)).toBe('validation.enterQuantity');
    expect(checkField({ number: true, required: true }, ' ', values)).toBe('validation.enterQuantity');
    expect(checkField({ number: true }, 3, values)).toBeNull();
  });
  it('custom validators run only on filled values', () => {
    const validate = [sameAs('newPassword')];
    expect(checkField({ validate }, 'a', { newPassword: 'b' })).toBe('validation.passwordMismatch');
    expect(checkField({ validate }, 'b', { newPassword: 'b' })).toBeNull();
    expect(checkField({ validate }, '', { newPassword: 'b' })).toBeNull();
  });
});

function QuantityForm({
  onSubmit,
}: {
  onSubmit: (values: { note: string; count: string; kind: string }) => void;
}) {
  const form = useForm({
    initial: { note: '', count: '', kind: '' },
    rules: {
      note: { label: 'field.username', text: true, required: true },
      count: { number: true, required: true },
      kind: { label: 'field.phone', required: true },
    },
  });
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
      <Field label="note" error={form.errors.note} required>
        <TextInput {...form.bind('note')} />
      </Field>
      <Field label="count" error={form.errors.count}>
        <TextInput {...form.bind('count')} />
      </Field>
      <Field label="kind" error={form.errors.kind}>
        <Select {...form.bind('kind')} placeholder="-" options={[{ value: 'a', label: 'A' }]} />
      </Field>
      <button type="submit">save</button>
    </form>
  );
}

describe('useForm + Field', () => {
  it('validates on blur and on submit, wires aria, clears an error on change', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderWithProviders(<QuantityForm onSubmit={onSubmit} />);
    const note = screen.getByLabelText(/note/);
    expect(note).toHaveAttribute('aria-required', 'true');
    await user.type(note, '   ');
    await user.tab();
    expect(await screen.findByText('请输入内容')).toBeInTheDocument();
    expect(note).toHaveAttribute('aria-invalid', 'true');
    expect(note).toHaveAccessibleDescription('请输入内容');
    await user.type(note, 'x');
    expect(screen.queryByText('请输入内容')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('count'), '0');
    await user.click(screen.getByRole('button', { name: 'save' }));
    expect(await screen.findByText('请输入数量')).toBeInTheDocument();
    expect(screen.getByText('手机号码 不能为空')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('count'));
    await user.type(screen.getByLabelText('count'), '2');
    await user.selectOptions(screen.getByLabelText('kind'), 'a');
    await user.click(screen.getByRole('button', { name: 'save' }));
    expect(onSubmit).toHaveBeenCalledWith({ note: '   x', count: '2', kind: 'a' });
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
    renderWithProviders(<QuantityHarness max={5} />, { locale: 'en-GB' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Quantity' }), { target: { value: '' } });
    expect(screen.getByText('Please enter the quantity')).toBeInTheDocument();
    fireEvent.blur(screen.getByRole('textbox', { name: 'Quantity' }));
    expect(screen.getByText('The quantity must be at least 1: it is back to 1')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Quantity' }), { target: { value: '2x' } });
    expect(screen.getByText('The quantity takes digits only')).toBeInTheDocument();
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
});
