import { useQuery } from '@apollo/client/react';
import { useEffect, useId, useMemo } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import {
  AddressFormAreasDocument,
  type AddressFormAreasQuery,
  type AddressOption_AddressFragment,
} from '../../__generated__/graphql.ts';
import { Button } from '../../components/Button.tsx';
import { Checkbox } from '../../components/Checkbox.tsx';
import { Field, type Rules, Select, TextArea, TextInput, useForm } from '../../components/form/index.ts';
import { mobileRule } from '../../components/form/validators.ts';
import { useSaveAddress } from './useSaveAddress.ts';
import './address-messages.ts'; // this screen's texts, loaded with its chunk

type AddressValues = {
  recipient: string;
  phone: string;
  province: string;
  city: string;
  detail: string;
  isDefault: boolean;
};

const INITIAL: AddressValues = {
  recipient: '',
  phone: '',
  province: '',
  city: '',
  detail: '',
  isDefault: false,
};

/** SPEC §5: recipient, phone, city and detailed address are required (checked on blur). */
const RULES: Rules<AddressValues> = {
  recipient: { label: 'address.recipient', required: true, text: true, trim: true },
  phone: { label: 'address.phone', required: true, trim: true, validate: [mobileRule] },
  province: { label: 'address.province', required: true },
  city: { label: 'address.city', required: true },
  detail: { label: 'address.detail', required: true, text: true, trim: true },
};

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
export function cityText(province: string, city: string): string {
  return province === city || !province ? city : `${province} ${city}`;
}

type Areas = AddressFormAreasQuery['areas'];

/** The province and city option values of a stored city text (the inverse of `cityText`), if listed. */
export function areaValuesOf(areas: Areas, text: string): { province: string; city: string } | null {
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
  const form = useForm<AddressValues>({
    initial: address
      ? {
          ...INITIAL,
          recipient: address.recipient,
          phone: address.phone,
          detail: address.detail,
          isDefault: address.isDefault,
        }
      : { ...INITIAL, isDefault: defaultChecked },
    rules: RULES,
  });
  const t = (id: string) => intl.formatMessage({ id });

  // Editing: choose the stored province and city once the area list is here (unless already chosen).
  const stored = useMemo(
    () => (address && data ? areaValuesOf(data.areas, address.city) : null),
    [address, data],
  );
  const { setValue } = form;
  const chosen = form.values.province !== '';
  useEffect(() => {
    if (!stored || chosen) return;
    setValue('province', stored.province);
    setValue('city', stored.city);
  }, [stored, chosen, setValue]);

  const provinces = data?.areas ?? [];
  const province = provinces.find((area) => area.value === form.values.province);
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
        detail: values.detail,
        isDefault: values.isDefault,
      },
      address?.id,
      form.setErrors,
    );
    if (saved) onSaved(saved);
  });

  const provinceProps = form.bind('province');
  return (
    <form id={formId} onSubmit={submit} noValidate aria-label={t(address ? 'address.edit' : 'address.add')}>
      <Field label={t('address.recipient')} required error={form.errors.recipient}>
        <TextInput {...form.bind('recipient')} autoComplete="name" maxLength={50} />
      </Field>
      <Field label={t('address.phone')} required error={form.errors.phone}>
        <TextInput {...form.bind('phone')} type="tel" inputMode="numeric" autoComplete="tel" maxLength={11} />
      </Field>
      <Row>
        <Field label={t('address.province')} required error={form.errors.province}>
          <Select
            {...provinceProps}
            onChange={(event) => {
              provinceProps.onChange(event);
              form.setValue('city', '');
            }}
            placeholder={t('address.choose')}
            options={provinces.map((area) => ({ value: area.value, label: area.label }))}
            aria-busy={!data && !error}
          />
        </Field>
        <Field
          label={t('address.city')}
          required
          error={form.errors.city ?? (error ? t('address.areasFailed') : undefined)}
        >
          <Select
            {...form.bind('city')}
            placeholder={t('address.choose')}
            options={cities.map((area) => ({ value: area.value, label: area.label }))}
            disabled={!province}
          />
        </Field>
      </Row>
      <Field label={t('address.detail')} required error={form.errors.detail}>
        <TextArea {...form.bind('detail')} rows={2} maxLength={200} autoComplete="street-address" />
      </Field>
      <DefaultRow>
        <Checkbox
          checked={form.values.isDefault}
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
