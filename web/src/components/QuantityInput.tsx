import { MAX_LINE_QUANTITY } from '@shop/common/validation/cart-quantity.ts';
import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import './quantity-messages.ts'; // the notes' texts travel with this part

const Wrap = styled.div`
  display: inline-flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 4px;
  max-width: 100%;
`;

const Row = styled.div`
  display: inline-flex;
  flex: none;
  align-items: stretch;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm}px;
  overflow: hidden;
  height: 32px;
  &:has(input[aria-invalid='true']) {
    border-color: ${({ theme }) => theme.colors.error};
  }
`;

const Step = styled.button`
  width: 32px;
  border: 0;
  background: ${({ theme }) => theme.colors.background};
  cursor: pointer;
  font-size: 16px;
  &:disabled {
    cursor: not-allowed;
    opacity: 0.5;
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: -2px;
  }
`;

const Input = styled.input`
  width: 56px;
  border: 0;
  text-align: center;
  font: inherit;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: -2px;
  }
`;

/* The note may be wider than the stepper: it wraps within the stepper's cell instead of widening it. */
const ErrorText = styled.span`
  color: ${({ theme }) => theme.colors.error};
  font-size: ${({ theme }) => theme.fontSizes.xs}px;
  max-width: 160px;
  overflow-wrap: anywhere;
`;

const NoteText = styled(ErrorText)`
  color: ${({ theme }) => theme.colors.warning};
`;

/** What the box says about the last edit; one note at a time. */
type Note =
  | { kind: 'empty' }
  | { kind: 'clamped'; max: number }
  | { kind: 'perItemMax' }
  | { kind: 'digitsOnly' }
  | { kind: 'restored'; value: number };

export interface QuantityInputProps {
  value: number;
  /** Called with a valid quantity (min … max) only. */
  onChange: (value: number) => void;
  min?: number;
  /** The stock: the quantity cannot exceed it (nor MAX_LINE_QUANTITY, the most of one product). */
  max?: number;
  disabled?: boolean;
  'aria-label'?: string;
  /**
   * The field's name in the form around it, which a page without JavaScript sends to the server
   * (the stepper buttons need the script; typing a quantity does not). With the script, Enter in
   * the box does not send that form: each change is already reported.
   */
  name?: string;
  /**
   * The id of a form that − and + send without JavaScript, each as `stepTo` with the quantity it
   * leads to (that form carries what else the server needs, e.g. the line). Without it the
   * steppers need the script.
   */
  stepForm?: string;
}

/**
 * Quantity within [min, max] (min 1, max = the stock, and never above MAX_LINE_QUANTITY, which
 * the service refuses). Zero or empty shows '请输入数量' and does not report a change; leaving
 * the box then puts the last quantity back and says so (it never keeps 0 or nothing). Anything
 * but digits is dropped and the box says it takes digits only; a value above the most allowed is
 * set to it and the box says which limit applied (the stock, or the most of one product). One
 * note at a time.
 */
export function QuantityInput({
  value,
  onChange,
  min = 1,
  max: stock = Number.MAX_SAFE_INTEGER,
  disabled,
  name,
  stepForm,
  ...aria
}: QuantityInputProps) {
  const max = Math.min(stock, MAX_LINE_QUANTITY);
  const intl = useIntl();
  const noteId = useId();
  const [text, setText] = useState(String(value));
  const [note, setNote] = useState<Note | null>(null);

  useEffect(() => {
    setText(String(value));
    setNote((current) => (current?.kind === 'empty' ? null : current));
  }, [value]);

  const commit = (raw: string) => {
    const digits = raw.replace(/[^\d]/g, '');
    setText(digits);
    const n = digits === '' ? 0 : Number.parseInt(digits, 10);
    if (n <= 0) {
      setNote(digits === raw ? { kind: 'empty' } : { kind: 'digitsOnly' });
      return;
    }
    const clamped = Math.min(Math.max(n, min), max);
    if (clamped < n) setNote(stock > max ? { kind: 'perItemMax' } : { kind: 'clamped', max: clamped });
    else setNote(digits === raw ? null : { kind: 'digitsOnly' });
    if (clamped !== n) setText(String(clamped));
    if (clamped !== value) onChange(clamped);
  };

  // A quantity typed into the server's HTML before the script took the box over is the box's own.
  const input = useRef<HTMLInputElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration; later the box's text is the state's
  useEffect(() => {
    const early = input.current?.value;
    if (early !== undefined && early !== String(value)) commit(early);
  }, []);

  const invalid = note?.kind === 'empty';
  let noteText = '';
  if (note?.kind === 'empty') noteText = intl.formatMessage({ id: 'validation.enterQuantity' });
  else if (note?.kind === 'clamped')
    noteText = intl.formatMessage({ id: 'kit.quantityClamped' }, { max: note.max });
  else if (note?.kind === 'perItemMax') noteText = intl.formatMessage({ id: 'kit.quantityMax' });
  else if (note?.kind === 'digitsOnly') noteText = intl.formatMessage({ id: 'kit.quantityDigitsOnly' });
  else if (note?.kind === 'restored')
    noteText = intl.formatMessage({ id: 'kit.quantityRestored' }, { value: note.value });

  const label = aria['aria-label'] ?? intl.formatMessage({ id: 'kit.quantity' });
  // − and + as submit buttons of `stepForm`, which the script's handler keeps from sending
  const step = (next: number) =>
    stepForm
      ? ({ type: 'submit', form: stepForm, name: 'stepTo', value: String(next) } as const)
      : ({ type: 'button' } as const);
  return (
    <Wrap>
      <Row>
        <Step
          {...step(Math.max(min, value - 1))}
          aria-label={intl.formatMessage({ id: 'kit.decrease' })}
          disabled={disabled || value <= min}
          onClick={() => {
            setNote(null);
            onChange(Math.max(min, value - 1));
          }}
        >
          −
        </Step>
        <Input
          ref={input}
          type="text"
          inputMode="numeric"
          // no quantity restored by the browser on a return visit: what the box holds at
          // hydration is then what the shopper typed on this page
          autoComplete="off"
          name={name}
          onKeyDown={(event) => {
            if (name && event.key === 'Enter') event.preventDefault();
          }}
          aria-label={label}
          value={text}
          disabled={disabled}
          aria-invalid={invalid}
          aria-describedby={note ? noteId : undefined}
          onChange={(event) => commit(event.target.value)}
          onBlur={() => {
            // Never leave 0 or an empty box behind: the last valid quantity comes back.
            if (text === '' || Number(text) === 0) {
              setText(String(value));
              setNote({ kind: 'restored', value });
            }
          }}
        />
        <Step
          {...step(Math.min(max, value + 1))}
          aria-label={intl.formatMessage({ id: 'kit.increase' })}
          disabled={disabled || value >= max}
          onClick={() => {
            setNote(null);
            onChange(Math.min(max, value + 1));
          }}
        >
          +
        </Step>
      </Row>
      {invalid && (
        <ErrorText id={noteId} role="alert">
          {noteText}
        </ErrorText>
      )}
      {note && !invalid && (
        <NoteText id={noteId} role="status">
          {noteText}
        </NoteText>
      )}
    </Wrap>
  );
}
