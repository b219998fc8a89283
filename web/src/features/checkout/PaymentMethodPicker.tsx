import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { PaymentMethod } from '../../__generated__/graphql.ts';
import { focusRing } from '../../components/focus-ring.ts';
import './checkout-messages.ts'; // this screen's texts, loaded with its chunk

const ALL_METHODS: readonly PaymentMethod[] = ['LPAY', 'STRIPE', 'WKPAY'];

const Group = styled.div`
  display: flex;
  gap: 12px;
  flex-wrap: wrap;
`;

const Option = styled.label<{ $checked: boolean; $disabled: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  padding: 10px 16px;
  border: 2px solid ${({ theme, $checked }) => ($checked ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md}px;
  background: ${({ theme, $checked }) => ($checked ? theme.colors.primaryLight : theme.colors.surface)};
  cursor: ${({ $disabled }) => ($disabled ? 'not-allowed' : 'pointer')};
  opacity: ${({ $disabled }) => ($disabled ? 0.55 : 1)};
  input {
    accent-color: ${({ theme }) => theme.colors.primary};
  }
  small {
    color: ${({ theme }) => theme.colors.muted};
  }
  &:has(input:focus-visible) {
    ${focusRing}
  }
`;

export interface PaymentOption {
  code: PaymentMethod;
  enabled: boolean;
}

/** lpay, stripe and wkpay as radios; only the offered ones (lpay) can be chosen. */
export function PaymentMethodPicker({
  options,
  value,
  onChange,
  labelledBy,
  describedBy,
}: {
  options: readonly PaymentOption[] | undefined;
  value: PaymentMethod | null;
  onChange: (method: PaymentMethod) => void;
  labelledBy: string;
  describedBy?: string;
}) {
  const intl = useIntl();
  const enabled = (code: PaymentMethod) =>
    options?.find((option) => option.code === code)?.enabled ?? code === 'LPAY';
  return (
    <Group role="radiogroup" aria-labelledby={labelledBy} aria-describedby={describedBy}>
      {ALL_METHODS.map((code) => {
        const offered = enabled(code);
        return (
          <Option key={code} $checked={value === code} $disabled={!offered}>
            <input
              type="radio"
              name="payment-method"
              value={code}
              checked={value === code}
              disabled={!offered}
              onChange={() => onChange(code)}
            />
            {intl.formatMessage({ id: `checkout.method.${code}` })}
            {!offered && <small>({intl.formatMessage({ id: 'checkout.notOffered' })})</small>}
          </Option>
        );
      })}
    </Group>
  );
}
