import { useMutation } from '@apollo/client/react';
import { profileFields } from '@shop/common/validation/accounts.ts';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { z } from 'zod';
import { type Gender, ProfilePanelDocument, UpdateProfileDocument } from '../../__generated__/graphql.ts';
import { useRouteQuery } from '../../app/route-data.tsx';
import { acceptPayload } from '../../app/user-errors.ts';
import { Button } from '../../components/Button.tsx';
import { FormDone } from '../../components/form/FormDone.tsx';
import {
  Field,
  FormAlert,
  Select,
  TextInput,
  useFormDone,
  useFormResult,
  useShopForm,
} from '../../components/form/index.ts';
import { Picture, pictureAt } from '../../components/Picture.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { useToast } from '../../components/toast.tsx';
import type { MessageId } from '../../i18n/message-ids.ts';
import '../../features/order/shopper-messages.ts'; // this chunk's texts
import { checkAvatarFile, DEFAULT_UPLOAD_MAX_BYTES, uploadImage } from './avatar.ts';
import { RealNameForm } from './RealNameForm.tsx';
import { FormBox, Panel } from './ui.tsx';
import './user-center-messages.ts'; // the personal centre's texts

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
    color: ${({ theme }) => theme.colors.primaryStrong};
  }
  input[type='file']:focus-visible + span {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
  }
`;

const ReadOnly = styled.p`
  margin: 0 0 16px;
  color: ${({ theme }) => theme.colors.textSecondary};
`;

/** The avatar's own form: with JavaScript the file is uploaded as soon as it is chosen. */
const AVATAR_FORM = 'avatar';
const AVATAR_FORM_ID = 'uc-avatar-form';

/** The shared profile rules (common/validation) and the gender chosen here ('' for none). */
export const profileFormSchema = z.object({ ...profileFields, gender: z.string() });

/**
 * My information: avatar (checked, previewed at once, uploaded and saved), user name, gender,
 * phone (required, mainland mobile) and the real-name verification.
 */
export function ProfilePanel() {
  const intl = useIntl();
  const toast = useToast();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const { data } = useRouteQuery(ProfilePanelDocument);
  const viewer = data.viewer;
  const [update, { loading: saving }] = useMutation(UpdateProfileDocument);
  const [uploading, setUploading] = useState(false);
  // The chosen file shows at once (object URL) while it uploads; on failure the old avatar returns.
  const [preview, setPreview] = useState<string | null>(null);
  const previewRef = useRef<string | null>(null);
  const showPreview = (url: string | null) => {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = url;
    setPreview(url);
  };
  // A preview still shown when the panel closes is released.
  useEffect(
    () => () => {
      if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    },
    [],
  );
  // The saved values are the inputs' own defaults (rendered on the server too), not the form's:
  // a field without a form default takes what its input holds when React takes it over, so
  // what was typed before hydration is kept.
  const form = useShopForm({
    schema: profileFormSchema,
    labels: { name: 'field.displayName', phone: 'field.phone', gender: 'field.gender' },
    serverForm: 'profile',
  });
  // The avatar sent without JavaScript (its own multipart form): the server's refusal or success.
  // Both go once a file is chosen here (the script then says how that one went).
  const [avatarChosen, setAvatarChosen] = useState(false);
  const avatarRefused = useFormResult(AVATAR_FORM);
  const avatarDone = useFormDone(AVATAR_FORM) && !avatarChosen;
  // The avatar is saved on its own as soon as it is uploaded; the form sends it back unchanged.
  const [avatar, setAvatar] = useState(viewer?.avatar ?? '');

  // `viewer` is nullable: a profile the gateway could not read is a failed load (the route's retry).
  if (!viewer) throw new Error('profile unavailable');

  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await update({
        variables: {
          input: {
            name: values.name,
            phone: values.phone,
            gender: (values.gender || null) as Gender | null,
            avatar,
          },
        },
      });
      acceptPayload(result.data?.updateProfile);
      // the inputs show what was saved (trimmed)
      form.reset(values);
    } catch (error) {
      // the links toast it; a refused phone is also shown at its field
      form.showRefusal(error);
    }
  });

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setAvatarChosen(true);
    const problem = checkAvatarFile(file, data?.config.uploadMaxBytes || DEFAULT_UPLOAD_MAX_BYTES);
    if (problem) {
      toast.warning(intl.formatMessage({ id: problem.id }, 'values' in problem ? problem.values : undefined));
      return;
    }
    showPreview(URL.createObjectURL(file));
    setUploading(true);
    try {
      let url: string;
      try {
        url = await uploadImage(file);
      } catch (failure) {
        toast.error((failure instanceof Error && failure.message) || t('uc.uploadFailed'));
        return;
      }
      // The avatar is saved right away; the rest of the form keeps what the shopper typed.
      // A refused save is shown by the error link.
      await update({ variables: { input: { avatar: url } } })
        .then(() => setAvatar(url))
        .catch(() => {});
    } finally {
      showPreview(null);
      setUploading(false);
    }
  };

  return (
    <Panel aria-labelledby="uc-info-title">
      <h2 id="uc-info-title">{t('uc.info')}</h2>
      {/* Without JavaScript the form is sent to this page's action (app/form-actions/). */}
      <FormBox method="post" onSubmit={submit} noValidate>
        <input type="hidden" name="intent" value="profile" />
        {form.serverMessage && <FormAlert>{form.serverMessage}</FormAlert>}
        {form.serverDone && <FormDone>{t('uc.saved')}</FormDone>}
        {avatarRefused && !avatarChosen && (
          <FormAlert>
            {avatarRefused.message ??
              (avatarRefused.messageId &&
                intl.formatMessage({ id: avatarRefused.messageId }, avatarRefused.messageValues))}
          </FormAlert>
        )}
        {avatarDone && <FormDone>{t('uc.saved')}</FormDone>}
        <AvatarRow>
          {preview || avatar ? (
            <Picture
              image={pictureAt(preview ?? avatar)}
              alt={t(preview ? 'uc.avatarPreview' : 'uc.avatar')}
              width={64}
              height={64}
              sizes="64px"
            />
          ) : null}
          <label>
            <input
              type="file"
              name="file"
              form={AVATAR_FORM_ID}
              accept=".jpeg,.jpg,.png,.gif,image/jpeg,image/png,image/gif"
              className="visually-hidden"
              style={{ position: 'absolute', opacity: 0, width: 1, height: 1 }}
              onChange={(event) => void onFile(event.target.files?.[0])}
              disabled={uploading}
            />
            <span>{t('uc.uploadAvatar')}</span>
          </label>
          {/* Without JavaScript choosing a file sends nothing: this button sends the avatar's form. */}
          <noscript>
            <Button type="submit" form={AVATAR_FORM_ID} name="intent" value={AVATAR_FORM}>
              {t('uc.sendAvatar')}
            </Button>
          </noscript>
        </AvatarRow>
        <ReadOnly>
          {t('uc.account')}: {viewer.account} · {t('uc.realName')}:{' '}
          {t(viewer.isReal ? 'uc.realVerified' : 'uc.realNotVerified')}
        </ReadOnly>
        <Field
          label={t('field.displayName')}
          hint={intl.formatMessage({ id: 'uc.displayNameHint' }, { account: viewer.account })}
          error={form.errorText('name')}
          required
        >
          <TextInput
            defaultValue={viewer.name}
            {...form.field('name')}
            autoComplete="nickname"
            maxLength={50}
          />
        </Field>
        <Field label={t('field.gender')} error={form.errorText('gender')}>
          <Select
            defaultValue={viewer.gender ?? ''}
            {...form.field('gender')}
            placeholder={t('ucGender.none')}
            options={[
              { value: 'MALE', label: t('ucGender.MALE') },
              { value: 'FEMALE', label: t('ucGender.FEMALE') },
            ]}
          />
        </Field>
        <Field label={t('field.phone')} error={form.errorText('phone')} required>
          <TextInput
            defaultValue={viewer.phone}
            {...form.field('phone')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={20}
          />
        </Field>
        <Button type="submit" variant="primary" loading={saving || form.submitting || uploading}>
          {t('uc.save')}
        </Button>
      </FormBox>
      {/* The avatar's form, sent to this page's action as multipart; its fields are in the row above. */}
      <form id={AVATAR_FORM_ID} method="post" encType="multipart/form-data" hidden />
      <h3 id="uc-real-title">{t('uc.realName')}</h3>
      {/* the verification loads beside the profile form, not in its way */}
      <Suspense fallback={<Skeleton kind="panel" />}>
        <RealNameForm />
      </Suspense>
    </Panel>
  );
}
