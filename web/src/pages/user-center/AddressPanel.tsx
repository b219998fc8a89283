import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import {
  AddressPanelDocument,
  type AddressPanelQuery,
  DeleteAddressDocument,
  SetDefaultAddressDocument,
} from '../../__generated__/graphql.ts';
import { useRouteQuery } from '../../app/route-data.tsx';
import { Button } from '../../components/Button.tsx';
import { useConfirm } from '../../components/confirm.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { AddressForm } from '../../features/address/AddressForm.tsx';
import { DefaultBadge } from '../../features/address/AddressOption.tsx';
import { replaceAddresses } from '../../features/address/useSaveAddress.ts';
import type { MessageId } from '../../i18n/message-ids.ts';
import { Panel, Toolbar } from './ui.tsx';
import './user-center-messages.ts'; // the personal centre's texts

type Address = NonNullable<AddressPanelQuery['addresses']>[number];

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 12px;
`;

const Card = styled.li<{ $default: boolean }>`
  border: 1px solid ${({ theme, $default }) => ($default ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md}px;
  padding: 12px 16px;
  display: flex;
  justify-content: space-between;
  gap: 12px;
  flex-wrap: wrap;
  p {
    margin: 2px 0;
  }
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: 4px;
`;

/** My addresses: list, add, edit, delete ('Confirm deletion?'), set default ('Confirm to set it to default?'). */
export function AddressPanel() {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const confirm = useConfirm();
  const { data } = useRouteQuery(AddressPanelDocument);
  const [remove] = useMutation(DeleteAddressDocument, {
    update(cache, { data: result }) {
      replaceAddresses(cache, result?.deleteAddress.addresses);
      const id = result?.deleteAddress.deletedId;
      if (id) cache.evict({ id: cache.identify({ __typename: 'Address', id }) });
      cache.gc();
    },
  });
  const [setDefault] = useMutation(SetDefaultAddressDocument, {
    update: (cache, { data: result }) => replaceAddresses(cache, result?.setDefaultAddress.addresses),
  });
  const [editing, setEditing] = useState<Address | 'new' | null>(null);

  // `addresses` is nullable: a list the gateway could not read is a failed load (the route's retry).
  if (!data.addresses) throw new Error('addresses unavailable');
  const { addresses } = data;

  const onDelete = async (address: Address) => {
    if (
      !(await confirm({
        message: t('ucAddress.confirmDelete'),
        confirmText: t('ucAddress.delete'),
        cancelText: t('ucAddress.keepAddress'),
      }))
    )
      return;
    await remove({ variables: { input: { id: address.id } } }).catch(() => {});
  };
  const onDefault = async (address: Address) => {
    if (
      !(await confirm({
        message: t('ucAddress.confirmDefault'),
        confirmText: t('ucAddress.setDefault'),
        cancelText: t('ucAddress.keepDefault'),
      }))
    )
      return;
    await setDefault({ variables: { input: { id: address.id } } }).catch(() => {});
  };

  return (
    <Panel aria-labelledby="uc-address-title">
      <Toolbar>
        <h2 id="uc-address-title">{t('ucAddress.myAddresses')}</h2>
        <Button variant="primary" onClick={() => setEditing('new')}>
          {t('ucAddress.addNew')}
        </Button>
      </Toolbar>
      {addresses.length === 0 ? (
        <EmptyState />
      ) : (
        <List>
          {addresses.map((address) => (
            <Card
              key={address.id}
              $default={address.isDefault}
              aria-label={`${address.recipient} ${address.phone}`}
            >
              <div>
                <p>
                  <strong>{address.recipient}</strong> {address.phone}
                  {address.isDefault && <DefaultBadge as="span">{t('ucAddress.default')}</DefaultBadge>}
                </p>
                <p>
                  {address.city} {address.detail}
                </p>
              </div>
              <Actions>
                {!address.isDefault && (
                  <Button variant="text" onClick={() => void onDefault(address)}>
                    {t('ucAddress.setDefault')}
                  </Button>
                )}
                <Button variant="text" onClick={() => setEditing(address)}>
                  {t('ucAddress.edit')}
                </Button>
                <Button variant="text" onClick={() => void onDelete(address)}>
                  {t('ucAddress.delete')}
                </Button>
              </Actions>
            </Card>
          ))}
        </List>
      )}
      <Dialog
        open={editing !== null}
        title={t(editing === 'new' ? 'ucAddress.addTitle' : 'ucAddress.editTitle')}
        onClose={() => setEditing(null)}
        width={480}
      >
        {editing !== null && (
          <AddressForm
            key={editing === 'new' ? 'new' : editing.id}
            address={editing === 'new' ? null : editing}
            defaultChecked={editing === 'new' && addresses.length === 0}
            onSaved={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        )}
      </Dialog>
    </Panel>
  );
}
