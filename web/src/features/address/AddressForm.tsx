import { areaText } from '@shop/common/areas.ts';
import { addressFields } from '@shop/common/validation/addresses.ts';
import { requiredText } from '@shop/common/validation/fields.ts';
import { useEffect, useId, useMemo } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { z } from 'zod';
import {
  AddressFormAreasDocument,
  type AddressFormAreasQuery,
  type AddressOption_AddressFragment,
} from '../../__generated__/graphql.ts';
import { useQuery } from '../../app/query.ts';
import { Button } from '../../components/Button.tsx';
import { Checkbox } from '../../components/Checkbox.tsx';
import { Field, Select, TextArea, TextInput, useShopForm } from '../../components/form/index.ts';
import type { MessageId } from '../../i18n/message-ids.ts';
import { useSaveAddress } from './useSaveAddress.ts';
import './address-messages.ts'; // this screen's texts, loaded with its chunk

/**
 * The shared address rules (common/validation: recipient, phone, city and detailed address
 * required), with the province the city is chosen under and the default flag of this form.
 * `city` is the chosen option's value (the city's code) here; the form sends the code, which the
 * service stores so that the address reads in each reader's language, and the text shown.
 */
export const addressFormSchema = z.object({
  ...addressFields,
  province: requiredText(100),
  isDefault: z.boolean(),
});

const LABELS = {
  recipient: 'address.recipient',
  phone: 'address.phone',
  province: 'address.province',
  city: 'address.city',
  detail: 'address.detail',
} as const;

const Row = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 12px;
`;

const DefaultRow = styled.div`
  margin-bottom: 16px;
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 8px;
`;

/** "广东省 广州市"; a municipality is its own city ("北京市"). */
export const cityText = areaText;

type Areas = AddressFormAreasQuery['areas'];

/**
 * The province and city option values of a stored address: its codes when it has them, else its
 * city text read against the list (the inverse of `cityText`), if listed.
 */
export function areaValuesOf(
  areas: Areas,
  text: string,
  codes?: { provinceCode?: string | null; cityCode?: string | null },
): { province: string; city: string } | null {
  if (codes?.cityCode && codes.provinceCode) {
    const province = areas.find((area) => area.value === codes.provinceCode);
    const city = province?.children.find((child) => child.value === codes.cityCode);
    if (province && city) return { province: province.value, city: city.value };
  }
  for (const province of areas) {
    const rest =
      text === province.label
        ? province.label
        : text.startsWith(`${province.label} `)
          ? text.slice(province.label.length + 1)
          : null;
    if (rest === null) continue;
    if (province.children.length === 0)
      return rest === province.label ? { province: province.value, city: province.value } : null;
    const city = province.children.find((child) => child.label === rest);
    if (city) return { province: province.value, city: city.value };
  }
  return null;
}

export interface AddressFormProps {
  /** The address to edit; without one the form adds a new address. */
  address?: AddressOption_AddressFragment | null;
  /** The saved address (the caller selects it by id). */
  onSaved: (address: { id: string }) => void;
  onCancel: () => void;
  /** The first address of a shopper becomes the default. */
  defaultChecked?: boolean;
}

/** Adds or edits a delivery address: recipient, mainland mobile, city from the area list, detail. */
export function AddressForm({ address, onSaved, onCancel, defaultChecked = false }: AddressFormProps) {
  const intl = useIntl();
  const formId = useId();
  const { data, error } = useQuery(AddressFormAreasDocument);
  const { save } = useSaveAddress();
  // Shown in a dialog, never server-rendered: the form's defaults may fill the inputs.
  const form = useShopForm({
    schema: addressFormSchema,
    labels: LABELS,
    defaultValues: {
      recipient: address?.recipient ?? '',
      phone: address?.phone ?? '',
      province: '',
      city: '',
      detail: address?.detail ?? '',
      isDefault: address?.isDefault ?? defaultChecked,
    },
  });
  const t = (id: MessageId) => intl.formatMessage({ id });

  // Editing: choose the stored province and city once the area list is here (unless already chosen).
  const stored = useMemo(
    () => (address && data ? areaValuesOf(data.areas, address.city, address) : null),
    [address, data],
  );
  const { setValue, getValues } = form;
  const chosenProvince = form.watch('province');
  useEffect(() => {
    if (!stored || getValues('province') !== '') return;
    setValue('province', stored.province);
    setValue('city', stored.city);
  }, [stored, getValues, setValue]);

  const provinces = data?.areas ?? [];
  const province = provinces.find((area) => area.value === chosenProvince);
  const cities = useMemo(
    () => (province ? (province.children.length ? province.children : [province]) : []),
    [province],
  );

  const submit = form.handleSubmit(async (values) => {
    const city = cities.find((area) => area.value === values.city);
    const saved = await save(
      {
        recipient: values.recipient,
        phone: values.phone,
        city: cityText(province?.label ?? '', city?.label ?? values.city),
        // A province without cities is its own city: only a listed city's code is sent.
        cityCode: province?.children.some((child) => child.value === values.city) ? values.city : null,
        detail: values.detail,
        isDefault: values.isDefault,
      },
      address?.id,
      form.showRefusal,
    );
    if (saved) onSaved(saved);
  });

  return (
    // Shown in a dialog, which needs the script; `post` keeps what was typed out of any URL regardless.
    <form
      id={formId}
      method="post"
      onSubmit={submit}
      noValidate
      aria-label={t(address ? 'address.edit' : 'address.add')}
    >
      <Field label={t('address.recipient')} required error={form.errorText('recipient')}>
        <TextInput {...form.field('recipient')} autoComplete="name" maxLength={30} />
      </Field>
      <Field label={t('address.phone')} required error={form.errorText('phone')}>
        <TextInput {...form.field('phone')} type="tel" inputMode="tel" autoComplete="tel" maxLength={20} />
      </Field>
      <Row>
        <Field label={t('address.province')} required error={form.errorText('province')}>
          <Select
            {...form.field('province', { onChange: () => form.setValue('city', '') })}
            // controlled: the stored choice is set once the options have loaded
            value={chosenProvince}
            placeholder={t('address.choose')}
            options={provinces.map((area) => ({ value: area.value, label: area.label }))}
            aria-busy={!data && !error}
          />
        </Field>
        <Field
          label={t('address.city')}
          required
          error={form.errorText('city') ?? (error ? t('address.areasFailed') : undefined)}
        >
          <Select
            {...form.field('city')}
            value={form.watch('city')}
            placeholder={t('address.choose')}
            options={cities.map((area) => ({ value: area.value, label: area.label }))}
            disabled={!province}
          />
        </Field>
      </Row>
      <Field label={t('address.detail')} required error={form.errorText('detail')}>
        <TextArea {...form.field('detail')} rows={2} maxLength={200} autoComplete="street-address" />
      </Field>
      <DefaultRow>
        <Checkbox
          checked={form.watch('isDefault')}
          onChange={(checked) => form.setValue('isDefault', checked)}
          label={t('address.isDefault')}
        />
      </DefaultRow>
      <Actions>
        <Button onClick={onCancel}>{intl.formatMessage({ id: 'kit.cancel' })}</Button>
        <Button type="submit" variant="primary" loading={form.submitting}>
          {t('address.save')}
        </Button>
      </Actions>
    </form>
  );
}
