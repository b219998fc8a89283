import type { ApolloCache } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import {
  type AddressPanel_AddressFragment,
  AddressPanelDocument,
  DeleteAddressDocument,
  SaveNewAddressDocument,
  SetDefaultAddressDocument,
  UpdateAddressDocument,
} from '../../__generated__/graphql.ts';
import { Button } from '../../components/Button.tsx';
import { Checkbox } from '../../components/Checkbox.tsx';
import { useConfirm } from '../../components/confirm.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { Field, TextArea, TextInput, useForm } from '../../components/form/index.ts';
import { mobileRule } from '../../components/form/validators.ts';
import { LoadingOverlay } from '../../components/LoadingOverlay.tsx';
import { Panel, Toolbar } from './ui.tsx';

type Address = AddressPanel_AddressFragment;

/** The payload's full list replaces `Query.addresses` (the default may have moved). */
function replaceAddresses(cache: ApolloCache, list: ReadonlyArray<Address> | undefined) {
  if (!list) return;
  cache.modify({
    fields: {
      addresses: (_existing, { toReference }) =>
        list.map((address) => toReference({ ...address, __typename: 'Address' }, true)),
    },
  });
}
type AddressValues = { recipient: string; phone: string; city: string; detail: string; isDefault: boolean };

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

const Tag = styled.span`
  margin-left: 8px;
  padding: 0 6px;
  border-radius: ${({ theme }) => theme.radii.sm}px;
  background: ${({ theme }) => theme.colors.primary};
  color: #fff;
  font-size: ${({ theme }) => theme.fontSizes.xs}px;
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: 4px;
`;

const FormActions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 8px;
`;

/** All province/city names for the city field's suggestions. */
function citySuggestions(
  areas: ReadonlyArray<{ label: string; children: ReadonlyArray<{ label: string }> }>,
) {
  const out: string[] = [];
  for (const province of areas) {
    if (province.children.length === 0) out.push(province.label);
    for (const city of province.children) {
      out.push(province.label === city.label ? city.label : `${province.label} ${city.label}`);
    }
  }
  return out;
}

/** Add or edit an address: recipient, phone, city and detailed address are required (SPEC §5). */
export function AddressEditForm({
  address,
  cities,
  onDone,
  onCancel,
}: {
  address: Address | null;
  cities: string[];
  onDone: () => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [create] = useMutation(SaveNewAddressDocument, {
    update: (cache, { data }) => replaceAddresses(cache, data?.createAddress.addresses),
  });
  const [update] = useMutation(UpdateAddressDocument, {
    update: (cache, { data }) => replaceAddresses(cache, data?.updateAddress.addresses),
  });
  const form = useForm<AddressValues>({
    initial: {
      recipient: address?.recipient ?? '',
      phone: address?.phone ?? '',
      city: address?.city ?? '',
      detail: address?.detail ?? '',
      isDefault: address?.isDefault ?? false,
    },
    rules: {
      recipient: { label: 'ucAddress.field.recipient', required: true, text: true, trim: true },
      phone: { label: 'ucAddress.field.phone', required: true, trim: true, validate: [mobileRule] },
      city: { label: 'ucAddress.field.city', required: true, text: true, trim: true },
      detail: { label: 'ucAddress.field.detail', required: true, text: true, trim: true },
    },
  });

  const submit = form.handleSubmit(async (values) => {
    try {
      if (address) await update({ variables: { input: { id: address.id, ...values } } });
      else await create({ variables: { input: values } });
      onDone();
    } catch {
      // shown by the error link
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Field label={t('ucAddress.field.recipient')} error={form.errors.recipient} required>
        <TextInput {...form.bind('recipient')} autoComplete="name" maxLength={50} />
      </Field>
      <Field label={t('ucAddress.field.phone')} error={form.errors.phone} required>
        <TextInput {...form.bind('phone')} type="tel" inputMode="numeric" autoComplete="tel" maxLength={11} />
      </Field>
      <Field
        label={t('ucAddress.field.city')}
        error={form.errors.city}
        hint={t('ucAddress.cityHint')}
        required
      >
        <TextInput
          {...form.bind('city')}
          list="uc-city-options"
          autoComplete="address-level2"
          maxLength={100}
        />
      </Field>
      <datalist id="uc-city-options">
        {cities.map((city) => (
          <option key={city} value={city} />
        ))}
      </datalist>
      <Field label={t('ucAddress.field.detail')} error={form.errors.detail} required>
        <TextArea {...form.bind('detail')} rows={2} maxLength={200} autoComplete="street-address" />
      </Field>
      <div style={{ marginBottom: 16 }}>
        <Checkbox
          checked={form.values.isDefault}
          onChange={(checked) => form.setValue('isDefault', checked)}
          label={t('ucAddress.field.isDefault')}
        />
      </div>
      <FormActions>
        <Button onClick={onCancel}>{t('kit.cancel')}</Button>
        <Button type="submit" variant="primary" loading={form.submitting}>
          {t('uc.save')}
        </Button>
      </FormActions>
    </form>
  );
}

/** My addresses: list, add, edit, delete ('Confirm deletion?'), set default ('Confirm to set it to default?'). */
export function AddressPanel() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const confirm = useConfirm();
  const { data, loading, error, refetch } = useQuery(AddressPanelDocument);
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

  if (loading && !data) return <LoadingOverlay active />;
  if (error || !data) return <ErrorState onRetry={() => void refetch()} />;

  const cities = citySuggestions(data.areas);
  const onDelete = async (address: Address) => {
    if (!(await confirm({ message: t('ucAddress.confirmDelete') }))) return;
    await remove({ variables: { input: { id: address.id } } }).catch(() => {});
  };
  const onDefault = async (address: Address) => {
    if (!(await confirm({ message: t('ucAddress.confirmDefault') }))) return;
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
      {data.addresses.length === 0 ? (
        <EmptyState />
      ) : (
        <List>
          {data.addresses.map((address) => (
            <Card
              key={address.id}
              $default={address.isDefault}
              aria-label={`${address.recipient} ${address.phone}`}
            >
              <div>
                <p>
                  <strong>{address.recipient}</strong> {address.phone}
                  {address.isDefault && <Tag>{t('ucAddress.default')}</Tag>}
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
          <AddressEditForm
            key={editing === 'new' ? 'new' : editing.id}
            address={editing === 'new' ? null : editing}
            cities={cities}
            onDone={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        )}
      </Dialog>
    </Panel>
  );
}
