import { useMutation } from '@apollo/client/react';
import { passwordChangeSchema } from '@shop/common/validation/accounts.ts';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { ChangePasswordDocument } from '../../__generated__/graphql.ts';
import { acceptPayload } from '../../app/user-errors.ts';
import { Button } from '../../components/Button.tsx';
import { FormDone } from '../../components/form/FormDone.tsx';
import { Field, FormAlert, TextInput, useShopForm } from '../../components/form/index.ts';
import { useToast } from '../../components/toast.tsx';
import type { MessageId } from '../../i18n/message-ids.ts';
import { FormBox, Panel } from './ui.tsx';
import './user-center-messages.ts'; // the personal centre's texts

const Progress = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textSecondary};
  font-size: ${({ theme }) => theme.fontSizes.sm}px;
`;

const EMPTY = { oldPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Change password: all three required; a mismatch gives '请确认两次密码输入一致'. Checking and
 * hashing take seconds (deliberately slow hashes): the form says so while the fields wait, and an
 * error the service gave disappears as soon as its field is edited.
 */
export function PasswordPanel() {
  const intl = useIntl();
  const toast = useToast();
  const [change, { loading }] = useMutation(ChangePasswordDocument);
  // Server-rendered: no default values, so what was typed before hydration is kept (useShopForm).
  const form = useShopForm({
    schema: passwordChangeSchema,
    labels: {
      oldPassword: 'field.oldPassword',
      newPassword: 'field.newPassword',
      confirmPassword: 'field.confirmPassword',
    },
    serverForm: 'password',
  });
  const t = (id: MessageId) => intl.formatMessage({ id });
  const busy = loading || form.submitting;

  const submit = form.handleSubmit(async (values) => {
    try {
      const { data } = await change({ variables: { input: values } });
      acceptPayload(data?.changePassword);
      form.reset(EMPTY);
      toast.success(t('uc.passwordChanged'));
    } catch (error) {
      // the links toast it; a wrong old password or a mismatch is also shown at its field
      form.showRefusal(error);
    }
  });

  return (
    <Panel aria-labelledby="uc-password-title">
      <h2 id="uc-password-title">{t('uc.password')}</h2>
      {/* Without JavaScript the form is sent to this page's action (app/form-actions/). */}
      <FormBox method="post" onSubmit={submit} noValidate>
        <input type="hidden" name="intent" value="password" />
        {form.serverMessage && <FormAlert>{form.serverMessage}</FormAlert>}
        {form.serverDone && <FormDone>{t('uc.passwordChanged')}</FormDone>}
        <Field label={t('field.oldPassword')} error={form.errorText('oldPassword')} required>
          <TextInput
            {...form.field('oldPassword')}
            type="password"
            autoComplete="current-password"
            readOnly={busy}
          />
        </Field>
        <Field label={t('field.newPassword')} error={form.errorText('newPassword')} required>
          <TextInput
            {...form.field('newPassword')}
            type="password"
            autoComplete="new-password"
            readOnly={busy}
          />
        </Field>
        <Field label={t('field.confirmPassword')} error={form.errorText('confirmPassword')} required>
          <TextInput
            {...form.field('confirmPassword')}
            type="password"
            autoComplete="new-password"
            readOnly={busy}
          />
        </Field>
        <Button type="submit" variant="primary" loading={busy}>
          {t('uc.save')}
        </Button>
        <Progress role="status">{busy ? t('uc.passwordChecking') : ''}</Progress>
      </FormBox>
    </Panel>
  );
}
