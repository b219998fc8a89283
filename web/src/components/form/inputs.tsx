import {
  forwardRef,
  type InputHTMLAttributes,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import styled, { css } from 'styled-components';
import { useFieldControlProps } from './Field.tsx';

const controlStyle = css`
  width: 100%;
  min-height: 36px;
  padding: 6px 10px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-size: ${({ theme }) => theme.fontSizes.md}px;
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.error};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 1px;
  }
  &:disabled {
    background: ${({ theme }) => theme.colors.background};
    cursor: not-allowed;
  }
`;

const StyledInput = styled.input`
  ${controlStyle}
`;
const StyledSelect = styled.select`
  ${controlStyle}
`;
const StyledTextArea = styled.textarea`
  ${controlStyle}
  resize: vertical;
`;

export const TextInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(
  function TextInput({ id, type = 'text', ...rest }, ref) {
    const aria = useFieldControlProps(id);
    return <StyledInput ref={ref} type={type} {...aria} {...rest} />;
  },
);

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export const Select = forwardRef<
  HTMLSelectElement,
  SelectHTMLAttributes<HTMLSelectElement> & { options?: SelectOption[]; placeholder?: string }
>(function Select({ id, options, placeholder, children, ...rest }, ref) {
  const aria = useFieldControlProps(id);
  return (
    <StyledSelect ref={ref} {...aria} {...rest}>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options?.map((option) => (
        <option key={option.value} value={option.value} disabled={option.disabled}>
          {option.label}
        </option>
      ))}
      {children}
    </StyledSelect>
  );
});

export const TextArea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(
  function TextArea({ id, ...rest }, ref) {
    const aria = useFieldControlProps(id);
    return <StyledTextArea ref={ref} {...aria} {...rest} />;
  },
);
