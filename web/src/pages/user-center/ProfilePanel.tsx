import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { type Gender, ProfilePanelDocument, UpdateProfileDocument } from '../../__generated__/graphql.ts';
import { acceptPayload, fieldErrors } from '../../app/user-errors.ts';
import { Button } from '../../components/Button.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { Field, Select, TextInput, useForm } from '../../components/form/index.ts';
import { mobileRule } from '../../components/form/validators.ts';
import { LoadingOverlay } from '../../components/LoadingOverlay.tsx';
import { useToast } from '../../components/toast.tsx';
import { FormBox, Panel } from './ui.tsx';

const ACCEPTED_IMAGES = ['image/jpeg', 'image/png', 'image/gif'];

const AvatarRow = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  margin-bottom: 16px;
  img {
    width: 64px;
    height: 64px;
    border-radius: 50%;
    object-fit: cover;
    background: ${({ theme }) => theme.colors.background};
  }
  label {
    cursor: pointer;
    color: ${({ theme }) => theme.colors.primary};
  }
  input[type='file']:focus-visible + span {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
  }
`;

const ReadOnly = styled.p`
  margin: 0 0 16px;
  color: ${({ theme }) => theme.colors.textSecondary};
`;

/** Uploads an image through the gateway's file proxy (REST /service/file/uploads, 50 s). */
async function uploadImage(file: File): Promise<string | null> {
  const body = new FormData();
  body.append('file', file);
  const response = await fetch('/service/file/uploads', {
    method: 'POST',
    body,
    credentials: 'same-origin',
    signal: AbortSignal.timeout(50_000),
  });
  const envelope = (await response.json().catch(() => null)) as {
    success?: boolean;
    data?: { url?: string };
  } | null;
  return envelope?.success && envelope.data?.url ? envelope.data.url : null;
}

type ProfileValues = { name: string; gender: string; phone: string; avatar: string };

/** My information: user name, gender, phone (required, mainland mobile) and avatar. */
export function ProfilePanel() {
  const intl = useIntl();
  const toast = useToast();
  const t = (id: string) => intl.formatMessage({ id });
  const { data, loading, error, refetch } = useQuery(ProfilePanelDocument);
  const [update, { loading: saving }] = useMutation(UpdateProfileDocument);
  const [uploading, setUploading] = useState(false);
  const form = useForm<ProfileValues>({
    initial: { name: '', gender: '', phone: '', avatar: '' },
    rules: {
      name: { label: 'field.displayName', required: true, text: true, trim: true },
      phone: { label: 'field.phone', required: true, trim: true, validate: [mobileRule] },
    },
  });
  const viewer = data?.viewer;
  const { reset } = form;

  useEffect(() => {
    if (viewer)
      reset({ name: viewer.name, gender: viewer.gender ?? '', phone: viewer.phone, avatar: viewer.avatar });
  }, [viewer, reset]);

  if (loading && !data) return <LoadingOverlay active />;
  if (error || !viewer) return <ErrorState onRetry={() => void refetch()} />;

  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await update({
        variables: {
          input: {
            name: values.name,
            phone: values.phone,
            gender: (values.gender || null) as Gender | null,
            avatar: values.avatar,
          },
        },
      });
      acceptPayload(result.data?.updateProfile);
    } catch (error) {
      // the links toast it; a refused phone is also shown at its field
      form.setErrors(fieldErrors(error));
    }
  });

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (!ACCEPTED_IMAGES.includes(file.type)) {
      toast.warning(t('uc.imageOnly'));
      return;
    }
    setUploading(true);
    try {
      const url = await uploadImage(file);
      if (url) form.setValue('avatar', url);
      else toast.error(t('uc.uploadFailed'));
    } catch {
      toast.error(t('uc.uploadFailed'));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Panel aria-labelledby="uc-info-title">
      <h2 id="uc-info-title">{t('uc.info')}</h2>
      <FormBox onSubmit={submit} noValidate>
        <AvatarRow>
          {form.values.avatar ? <img src={form.values.avatar} alt={t('uc.avatar')} /> : null}
          <label>
            <input
              type="file"
              accept=".jpeg,.jpg,.png,.gif,image/jpeg,image/png,image/gif"
              className="visually-hidden"
              style={{ position: 'absolute', opacity: 0, width: 1, height: 1 }}
              onChange={(event) => void onFile(event.target.files?.[0])}
              disabled={uploading}
            />
            <span>{t('uc.uploadAvatar')}</span>
          </label>
        </AvatarRow>
        <ReadOnly>
          {t('uc.account')}: {viewer.account} · {t('uc.realName')}:{' '}
          {t(viewer.isReal ? 'uc.realVerified' : 'uc.realNotVerified')}
        </ReadOnly>
        <Field label={t('field.displayName')} error={form.errors.name} required>
          <TextInput {...form.bind('name')} autoComplete="nickname" maxLength={50} />
        </Field>
        <Field label={t('field.gender')} error={form.errors.gender}>
          <Select
            {...form.bind('gender')}
            placeholder={t('ucGender.none')}
            options={[
              { value: 'MALE', label: t('ucGender.MALE') },
              { value: 'FEMALE', label: t('ucGender.FEMALE') },
            ]}
          />
        </Field>
        <Field label={t('field.phone')} error={form.errors.phone} required>
          <TextInput
            {...form.bind('phone')}
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            maxLength={11}
          />
        </Field>
        <Button type="submit" variant="primary" loading={saving || form.submitting || uploading}>
          {t('uc.save')}
        </Button>
      </FormBox>
    </Panel>
  );
}
