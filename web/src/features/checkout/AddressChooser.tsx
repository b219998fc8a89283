import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { AddressForm } from '../address/AddressForm.tsx';
import { AddressOption } from '../address/AddressOption.tsx';
import { addressPagePath } from '../address/address-page.ts';
import './checkout-messages.ts'; // this screen's texts, loaded with its chunk

const List = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(260px, 1fr));
  gap: 12px;
  margin-bottom: 12px;
`;

const Hint = styled.p`
  margin: 0 0 12px;
  color: ${({ theme }) => theme.colors.textSecondary};
`;

/**
 * Picks the delivery address among the shopper's; a new one can be added in place (a dialog), or
 * without JavaScript on the address page form, which comes back here with it chosen.
 */
export function AddressChooser({
  addresses,
  value,
  onChange,
  labelledBy,
  describedBy,
  name: fieldName,
}: {
  /** The shopper's addresses (each option reads its own fields). */
  addresses: readonly { __typename: 'Address'; id: string }[];
  value: string | null;
  onChange: (addressId: string) => void;
  labelledBy: string;
  describedBy?: string;
  /** The radios' name in the form around them (the address's id is the value). */
  name?: string;
}) {
  const intl = useIntl();
  const generated = useId();
  const name = fieldName ?? generated;
  const [adding, setAdding] = useState(false);
  const location = useLocation();
  return (
    <>
      {addresses.length === 0 ? (
        <Hint>{intl.formatMessage({ id: 'checkout.noAddress' })}</Hint>
      ) : (
        <List role="radiogroup" aria-labelledby={labelledBy} aria-describedby={describedBy}>
          {addresses.map((address) => (
            <AddressOption
              key={address.id}
              address={address}
              name={name}
              checked={address.id === value}
              onSelect={() => onChange(address.id)}
            />
          ))}
        </List>
      )}
      <ButtonLink
        href={addressPagePath('new', location.pathname + location.search)}
        onClick={(event) => {
          event.preventDefault();
          setAdding(true);
        }}
      >
        + {intl.formatMessage({ id: 'checkout.addAddress' })}
      </ButtonLink>
      <Dialog
        open={adding}
        title={intl.formatMessage({ id: 'checkout.addAddress' })}
        onClose={() => setAdding(false)}
        width={520}
      >
        <AddressForm
          defaultChecked={addresses.length === 0}
          onCancel={() => setAdding(false)}
          onSaved={(address) => {
            setAdding(false);
            onChange(address.id);
          }}
        />
      </Dialog>
    </>
  );
}
