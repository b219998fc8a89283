import { useMutation } from '@apollo/client/react';
import { realNameSchema } from '@shop/common/validation/accounts.ts';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { RealNameFormDocument, VerifyRealNameDocument } from '../../__generated__/graphql.ts';
import { useRouteQuery } from '../../app/route-data.tsx';
import { acceptPayload } from '../../app/user-errors.ts';
import { Button } from '../../components/Button.tsx';
import { FormDone } from '../../components/form/FormDone.tsx';
import { Field, FormAlert, TextInput, useShopForm } from '../../components/form/index.ts';
import type { MessageId } from '../../i18n/message-ids.ts';
import { FormBox } from './ui.tsx';
import './user-center-messages.ts'; // the personal centre's texts

const Verified = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 6px 16px;
  margin: 0;
  dt {
    color: ${({ theme }) => theme.colors.textSecondary};
  }
  dd {
    margin: 0;
  }
`;

/**
 * Real-name verification: name and citizen ID (the §5 check, the same rule as the service),
 * checked on blur and submit. Once verified only the masked data is shown (never the number).
 */
export function RealNameForm() {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const { data } = useRouteQuery(RealNameFormDocument);
  const [verify] = useMutation(VerifyRealNameDocument, {
    update(cache, result) {
      const realName = result.data?.verifyRealName.realName;
      if (realName) cache.writeQuery({ query: RealNameFormDocument, data: { realName } });
    },
  });
  // Server-rendered: no default values, so what was typed before hydration is kept (useShopForm).
  const form = useShopForm({
    schema: realNameSchema(),
    labels: { realName: 'ucReal.name', idNumber: 'ucReal.idNumber' },
    serverForm: 'realName',
  });

  // `realName` is nullable: data the gateway could not read is a failed load (the route's retry).
  if (!data.realName) throw new Error('real-name data unavailable');

  if (data.realName.isReal) {
    return (
      <>
        {form.serverDone && <FormDone>{t('uc.done')}</FormDone>}
        <Verified data-testid="real-name-verified">
          <dt>{t('uc.realName')}</dt>
          <dd>{t('uc.realVerified')}</dd>
          <dt>{t('ucReal.name')}</dt>
          <dd>{data.realName.realName}</dd>
          <dt>{t('ucReal.idNumber')}</dt>
          <dd>{data.realName.idNumberMasked}</dd>
        </Verified>
      </>
    );
  }

  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await verify({
        variables: { input: { realName: values.realName, idNumber: values.idNumber.toUpperCase() } },
      });
      acceptPayload(result.data?.verifyRealName);
    } catch (error) {
      // already a toast; a refused field shows its reason, and the entries stay for correction
      form.showRefusal(error);
    }
  });

  return (
    // Without JavaScript the form is sent to this page's action (app/form-actions/).
    <FormBox method="post" onSubmit={submit} noValidate aria-label={t('uc.realName')}>
      <input type="hidden" name="intent" value="realName" />
      {form.serverMessage && <FormAlert>{form.serverMessage}</FormAlert>}
      <Field label={t('ucReal.name')} error={form.errorText('realName')} required>
        <TextInput {...form.field('realName')} autoComplete="name" maxLength={20} />
      </Field>
      <Field label={t('ucReal.idNumber')} error={form.errorText('idNumber')} required>
        <TextInput {...form.field('idNumber')} autoComplete="off" maxLength={18} spellCheck={false} />
      </Field>
      <Button type="submit" variant="primary" loading={form.submitting}>
        {t('ucReal.submit')}
      </Button>
    </FormBox>
  );
}
