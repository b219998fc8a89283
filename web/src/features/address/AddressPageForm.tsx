import { areaText } from '@shop/common/areas.ts';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { AddressFormAreasDocument, type AddressOption_AddressFragment } from '../../__generated__/graphql.ts';
import { useRouteQuery } from '../../app/route-data.tsx';
import { Button } from '../../components/Button.tsx';
import { Checkbox } from '../../components/Checkbox.tsx';
import { Field, FormAlert, Select, TextArea, TextInput, useShopForm } from '../../components/form/index.ts';
import type { MessageId } from '../../i18n/message-ids.ts';
import { ADDRESS_FORM, addressPageSchema, addressReturn } from './address-page.ts';
import { useSaveAddress } from './useSaveAddress.ts';
import './address-messages.ts'; // this screen's texts, loaded with its chunk

const Form = styled.form`
  max-width: 480px;
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  margin-top: 16px;
`;

/**
 * Adds or edits an address on a page of its own (`/user/center/address?address=…`): the form the
 * shop offers where the dialog's needs JavaScript. The city is one list, grouped by province,
 * whose values are the cities' codes. Sent without JavaScript it goes to the personal centre's
 * action (app/form-actions/addresses.ts); with it, the form saves through the same mutation. Saved,
 * it returns to `back` (the confirm page, with the address chosen) or to 我的地址.
 */
export function AddressPageForm({
  address,
  back,
  defaultChecked,
}: {
  /** The address to edit, or null for a new one. */
  address: AddressOption_AddressFragment | null;
  back: string | null;
  /** The first address of a shopper becomes the default. */
  defaultChecked: boolean;
}) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const navigate = useNavigate();
  const { data } = useRouteQuery(AddressFormAreasDocument);
  const { save } = useSaveAddress();
  const [isDefault, setDefault] = useState(address?.isDefault ?? defaultChecked);
  // Server-rendered: the inputs carry their own defaults (useShopForm).
  const form = useShopForm({
    schema: addressPageSchema,
    labels: {
      recipient: 'address.recipient',
      phone: 'address.phone',
      cityCode: 'address.city',
      detail: 'address.detail',
    },
    serverForm: ADDRESS_FORM,
  });

  const submit = form.handleSubmit(async ({ cityCode, ...values }) => {
    const province = data.areas.find((area) => area.children.some((child) => child.value === cityCode));
    const city = province?.children.find((child) => child.value === cityCode);
    const saved = await save(
      {
        ...values,
        city: areaText(province?.label ?? '', city?.label ?? cityCode),
        cityCode,
        isDefault,
      },
      address?.id,
      form.showRefusal,
    );
    if (saved) navigate(addressReturn(back, saved.id));
  });

  return (
    <Form method="post" onSubmit={submit} noValidate aria-label={t(address ? 'address.edit' : 'address.add')}>
      <input type="hidden" name="intent" value="address" />
      {address && <input type="hidden" name="id" value={address.id} />}
      {form.serverMessage && <FormAlert>{form.serverMessage}</FormAlert>}
      <Field label={t('address.recipient')} required error={form.errorText('recipient')}>
        <TextInput
          defaultValue={address?.recipient}
          {...form.field('recipient')}
          autoComplete="name"
          maxLength={30}
        />
      </Field>
      <Field label={t('address.phone')} required error={form.errorText('phone')}>
        <TextInput
          defaultValue={address?.phone}
          {...form.field('phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={20}
        />
      </Field>
      <Field label={t('address.city')} required error={form.errorText('cityCode')}>
        <Select
          defaultValue={address?.cityCode ?? ''}
          {...form.field('cityCode')}
          placeholder={t('address.choose')}
        >
          {data.areas.map((province) => (
            <optgroup key={province.value} label={province.label}>
              {province.children.map((city) => (
                <option key={city.value} value={city.value}>
                  {areaText(province.label, city.label)}
                </option>
              ))}
            </optgroup>
          ))}
        </Select>
      </Field>
      <Field label={t('address.detail')} required error={form.errorText('detail')}>
        <TextArea
          defaultValue={address?.detail}
          {...form.field('detail')}
          rows={2}
          maxLength={200}
          autoComplete="street-address"
        />
      </Field>
      <Checkbox name="isDefault" checked={isDefault} onChange={setDefault} label={t('address.isDefault')} />
      <Actions>
        <Button type="submit" variant="primary" loading={form.submitting}>
          {t('address.save')}
        </Button>
        <Link to={addressReturn(back)}>{intl.formatMessage({ id: 'kit.cancel' })}</Link>
      </Actions>
    </Form>
  );
}
