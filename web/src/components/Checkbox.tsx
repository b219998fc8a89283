import { type ReactNode, useEffect, useRef } from 'react';
import styled from 'styled-components';
import { focusRing } from './focus-ring.ts';

const Label = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  cursor: pointer;
  input {
    width: 16px;
    height: 16px;
    accent-color: ${({ theme }) => theme.colors.primary};
    cursor: inherit;
  }
  input:focus-visible {
    ${focusRing}
  }
  &:has(input:disabled) {
    cursor: not-allowed;
    opacity: 0.6;
  }
`;

export interface CheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Visible label; or give `aria-label` for an icon-only checkbox. */
  label?: ReactNode;
  'aria-label'?: string;
  indeterminate?: boolean;
  disabled?: boolean;
  name?: string;
}

export function Checkbox({
  checked,
  onChange,
  label,
  indeterminate,
  disabled,
  name,
  ...aria
}: CheckboxProps) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = Boolean(indeterminate);
  }, [indeterminate]);
  return (
    <Label>
      <input
        ref={ref}
        type="checkbox"
        name={name}
        checked={checked}
        disabled={disabled}
        aria-label={aria['aria-label']}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </Label>
  );
}
