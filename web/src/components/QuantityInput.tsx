import { useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';

const Wrap = styled.div`
  display: inline-flex;
  flex-direction: column;
  gap: 4px;
`;

const Row = styled.div`
  display: inline-flex;
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

const ErrorText = styled.span`
  color: ${({ theme }) => theme.colors.error};
  font-size: ${({ theme }) => theme.fontSizes.xs}px;
`;

const NoteText = styled.span`
  color: ${({ theme }) => theme.colors.warning};
  font-size: ${({ theme }) => theme.fontSizes.xs}px;
`;

export interface QuantityInputProps {
  value: number;
  /** Called with a valid quantity (min … max) only. */
  onChange: (value: number) => void;
  min?: number;
  /** The stock: the quantity cannot exceed it. */
  max?: number;
  disabled?: boolean;
  'aria-label'?: string;
}

/**
 * Quantity within [min, max] (min 1, max = stock). Zero or empty shows '请输入数量' and does
 * not report a change; leaving the box then puts the last quantity back (it never keeps 0 or
 * nothing). A typed value above the stock is clamped to it and the box says so.
 */
export function QuantityInput({
  value,
  onChange,
  min = 1,
  max = Number.MAX_SAFE_INTEGER,
  disabled,
  ...aria
}: QuantityInputProps) {
  const intl = useIntl();
  const errorId = useId();
  const [text, setText] = useState(String(value));
  const [invalid, setInvalid] = useState(false);
  const [clampedTo, setClampedTo] = useState<number | null>(null);

  useEffect(() => {
    setText(String(value));
    setInvalid(false);
  }, [value]);

  const commit = (raw: string) => {
    const digits = raw.replace(/[^\d]/g, '');
    setText(digits);
    const n = digits === '' ? 0 : Number.parseInt(digits, 10);
    if (n <= 0) {
      setInvalid(true);
      setClampedTo(null);
      return;
    }
    setInvalid(false);
    const clamped = Math.min(Math.max(n, min), max);
    setClampedTo(clamped < n ? clamped : null);
    if (clamped !== n) setText(String(clamped));
    if (clamped !== value) onChange(clamped);
  };

  const label = aria['aria-label'] ?? intl.formatMessage({ id: 'kit.quantity' });
  return (
    <Wrap>
      <Row>
        <Step
          type="button"
          aria-label={intl.formatMessage({ id: 'kit.decrease' })}
          disabled={disabled || value <= min}
          onClick={() => onChange(Math.max(min, value - 1))}
        >
          −
        </Step>
        <Input
          inputMode="numeric"
          aria-label={label}
          value={text}
          disabled={disabled}
          aria-invalid={invalid}
          aria-describedby={invalid ? errorId : undefined}
          onChange={(event) => commit(event.target.value)}
          onBlur={() => {
            // Never leave 0 or an empty box behind: the last valid quantity comes back.
            if (text === '' || Number(text) === 0) {
              setText(String(value));
              setInvalid(true);
            }
          }}
          onFocus={() => setClampedTo(null)}
        />
        <Step
          type="button"
          aria-label={intl.formatMessage({ id: 'kit.increase' })}
          disabled={disabled || value >= max}
          onClick={() => onChange(Math.min(max, value + 1))}
        >
          +
        </Step>
      </Row>
      {invalid && (
        <ErrorText id={errorId} role="alert">
          {intl.formatMessage({ id: 'validation.enterQuantity' })}
        </ErrorText>
      )}
      {!invalid && clampedTo !== null && (
        <NoteText role="status">
          {intl.formatMessage({ id: 'kit.quantityClamped' }, { max: clampedTo })}
        </NoteText>
      )}
    </Wrap>
  );
}
