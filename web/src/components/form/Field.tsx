import { createContext, type ReactNode, useContext, useId } from 'react';
import styled from 'styled-components';

interface FieldContextValue {
  id: string;
  errorId: string;
  hintId: string;
  invalid: boolean;
  required: boolean;
  hasHint: boolean;
}

const FieldContext = createContext<FieldContextValue | null>(null);

export function useFieldContext(): FieldContextValue | null {
  return useContext(FieldContext);
}

const Wrap = styled.div<{ $inline?: boolean }>`
  display: flex;
  flex-direction: ${({ $inline }) => ($inline ? 'row' : 'column')};
  align-items: ${({ $inline }) => ($inline ? 'baseline' : 'stretch')};
  gap: 6px;
  margin-bottom: 16px;
`;

const Label = styled.label<{ $inline?: boolean }>`
  font-size: ${({ theme }) => theme.fontSizes.md}px;
  color: ${({ theme }) => theme.colors.text};
  ${({ $inline }) => ($inline ? 'width: 96px; flex-shrink: 0; text-align: right;' : '')}
`;

const Required = styled.span`
  color: ${({ theme }) => theme.colors.error};
  margin-right: 2px;
`;

const Control = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
  flex: 1;
  min-width: 0;
`;

const ErrorText = styled.span`
  color: ${({ theme }) => theme.colors.error};
  font-size: ${({ theme }) => theme.fontSizes.xs}px;
`;

const HintText = styled.span`
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.xs}px;
`;

export interface FieldProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  /** Label beside the control instead of above. */
  inline?: boolean;
  children: ReactNode;
}

/** A labelled form field; the control inside (TextInput, Select) picks up id and aria wiring. */
export function Field({ label, error, hint, required = false, inline, children }: FieldProps) {
  const id = useId();
  const value: FieldContextValue = {
    id,
    errorId: `${id}-error`,
    hintId: `${id}-hint`,
    invalid: Boolean(error),
    required,
    hasHint: Boolean(hint),
  };
  return (
    <FieldContext.Provider value={value}>
      <Wrap $inline={inline}>
        <Label htmlFor={id} $inline={inline}>
          {required && <Required aria-hidden="true">*</Required>}
          {label}
        </Label>
        <Control>
          {children}
          {hint && <HintText id={value.hintId}>{hint}</HintText>}
          {error && (
            <ErrorText id={value.errorId} role="alert">
              {error}
            </ErrorText>
          )}
        </Control>
      </Wrap>
    </FieldContext.Provider>
  );
}

/** aria props for a control inside a Field. */
export function useFieldControlProps(ownId?: string) {
  const field = useFieldContext();
  if (!field) return { id: ownId };
  const describedBy = [field.invalid ? field.errorId : null, field.hasHint ? field.hintId : null]
    .filter(Boolean)
    .join(' ');
  return {
    id: ownId ?? field.id,
    'aria-invalid': field.invalid || undefined,
    'aria-required': field.required || undefined,
    'aria-describedby': describedBy || undefined,
  };
}
