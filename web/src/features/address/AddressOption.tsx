import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { AddressOption_AddressFragmentDoc } from '../../__generated__/graphql.ts';
import { useFragment } from '../../app/fragment.ts';
import { focusRing } from '../../components/focus-ring.ts';
import './address-messages.ts'; // this screen's texts, loaded with its chunk

const Label = styled.label<{ $checked: boolean }>`
  display: flex;
  gap: 10px;
  align-items: flex-start;
  padding: 12px;
  border: 2px solid ${({ theme, $checked }) => ($checked ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md}px;
  background: ${({ theme, $checked }) => ($checked ? theme.colors.primaryLight : theme.colors.surface)};
  cursor: pointer;
  input {
    margin-top: 3px;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
  &:has(input:focus-visible) {
    ${focusRing}
  }
`;

const Lines = styled.span`
  display: flex;
  flex-direction: column;
  gap: 4px;
  strong {
    font-weight: 600;
  }
  span {
    color: ${({ theme }) => theme.colors.textSecondary};
    font-size: ${({ theme }) => theme.fontSizes.sm}px;
  }
`;

/** The mark of the default address. */
export const DefaultBadge = styled.em`
  font-style: normal;
  margin-left: 8px;
  padding: 0 6px;
  border-radius: ${({ theme }) => theme.radii.sm}px;
  background: ${({ theme }) => theme.colors.primaryStrong};
  color: #fff;
  font-size: ${({ theme }) => theme.fontSizes.xs}px;
`;

/** One address as a radio option of the chooser. */
export function AddressOption({
  address: from,
  name,
  checked,
  onSelect,
}: {
  address: { __typename: 'Address'; id: string };
  name: string;
  checked: boolean;
  onSelect: () => void;
}) {
  const intl = useIntl();
  const { data: address, complete } = useFragment({
    fragment: AddressOption_AddressFragmentDoc,
    fragmentName: 'AddressOption_address',
    from,
  });
  if (!complete) return null;
  return (
    <Label $checked={checked} data-testid={`address-${address.id}`}>
      <input type="radio" name={name} value={address.id} checked={checked} onChange={onSelect} />
      <Lines>
        <strong>
          {address.recipient} {address.phone}
          {address.isDefault && <DefaultBadge>{intl.formatMessage({ id: 'address.default' })}</DefaultBadge>}
        </strong>
        <span>
          {address.city} {address.detail}
        </span>
      </Lines>
    </Label>
  );
}
