import { useMutation } from '@apollo/client/react';
import { type FormEvent, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import {
  AddressPanelDocument,
  type AddressPanelQuery,
  DeleteAddressDocument,
  SetDefaultAddressDocument,
} from '../../__generated__/graphql.ts';
import { useRouteQuery } from '../../app/route-data.tsx';
import { Button } from '../../components/Button.tsx';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { useConfirm } from '../../components/confirm.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { FormAlert, useFormResult } from '../../components/form/index.ts';
import { AddressForm } from '../../features/address/AddressForm.tsx';
import { DefaultBadge } from '../../features/address/AddressOption.tsx';
import { AddressPageForm } from '../../features/address/AddressPageForm.tsx';
import { ADDRESS_LIST_FORM, addressPageOf, addressPagePath } from '../../features/address/address-page.ts';
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
  form {
    display: contents;
  }
`;

/**
 * My addresses: list, add, edit, delete ('Confirm deletion?'), set default ('Confirm to set it to
 * default?'). With JavaScript adding and editing open a dialog; without it, 新增地址 and 编辑 are
 * links to this panel's page form (`?address=…`), and 设为默认 and 删除 are forms sent to the
 * personal centre's action (app/form-actions/addresses.ts), without the confirmation.
 */
export function AddressPanel() {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const confirm = useConfirm();
  const [params] = useSearchParams();
  const page = addressPageOf(params);
  const listRefused = useFormResult(ADDRESS_LIST_FORM);
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

  if (page) {
    const address = addresses.find((one) => one.id === page.address) ?? null;
    return (
      <Panel aria-labelledby="uc-address-title">
        <h2 id="uc-address-title">{t(address ? 'ucAddress.editTitle' : 'ucAddress.addTitle')}</h2>
        <AddressPageForm
          key={address?.id ?? 'new'}
          address={address}
          back={page.back}
          defaultChecked={addresses.length === 0}
        />
      </Panel>
    );
  }

  /** A list form's submit, taken by the script: asks first, then runs `run`. */
  const confirmed = (run: () => Promise<void>) => (event: FormEvent) => {
    event.preventDefault();
    void run();
  };

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
        <ButtonLink
          variant="primary"
          href={addressPagePath('new')}
          onClick={(event) => {
            event.preventDefault();
            setEditing('new');
          }}
        >
          {t('ucAddress.addNew')}
        </ButtonLink>
      </Toolbar>
      {listRefused && (
        <FormAlert>
          {listRefused.message ??
            (listRefused.messageId ? intl.formatMessage({ id: listRefused.messageId }) : '')}
        </FormAlert>
      )}
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
                  <form method="post" onSubmit={confirmed(() => onDefault(address))}>
                    <input type="hidden" name="intent" value="addressDefault" />
                    <input type="hidden" name="id" value={address.id} />
                    <Button type="submit" variant="text">
                      {t('ucAddress.setDefault')}
                    </Button>
                  </form>
                )}
                <ButtonLink
                  variant="text"
                  href={addressPagePath(address.id)}
                  onClick={(event) => {
                    event.preventDefault();
                    setEditing(address);
                  }}
                >
                  {t('ucAddress.edit')}
                </ButtonLink>
                <form method="post" onSubmit={confirmed(() => onDelete(address))}>
                  <input type="hidden" name="intent" value="addressDelete" />
                  <input type="hidden" name="id" value={address.id} />
                  <Button type="submit" variant="text">
                    {t('ucAddress.delete')}
                  </Button>
                </form>
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
