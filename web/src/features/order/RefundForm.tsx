import { REFUND_TEXT_MAX, refundSchema } from '@shop/common/validation/refunds.ts';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from '../../components/Button.tsx';
import { Field, FormAlert, TextArea, useShopForm } from '../../components/form/index.ts';
import type { MessageId } from '../../i18n/message-ids.ts';
import { REFUND_FORM } from './order-forms.ts';
import './order-card-messages.ts'; // the order texts of this feature

const Row = styled.div`
  display: flex;
  justify-content: flex-end;
  align-items: center;
  gap: 8px;
`;

/** Where the form is sent without JavaScript (the order page's step), and where 取消 leads there. */
export interface RefundPageForm {
  action: string;
  back: string;
}

/**
 * The refund application: a reason is required ('退款原因 不能为空', whitespace '请输入内容'),
 * checked on blur and on submit; nothing is sent while it is invalid. `submit` rejects when the
 * service refuses (the error link shows why) and the dialog stays open with the text kept. On the
 * order page (`page`) it is the form the route's action takes without JavaScript, whose refusal
 * comes back beside the reason.
 */
export function RefundForm({
  submit,
  onDone,
  page,
}: {
  submit: (reason: string) => Promise<unknown>;
  onDone: () => void;
  page?: RefundPageForm;
}) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const form = useShopForm({
    schema: refundSchema,
    labels: { reason: 'ucOrders.refundReason' },
    ...(page ? { serverForm: REFUND_FORM } : {}),
  });
  const onSubmit = form.handleSubmit(async ({ reason }) => {
    try {
      await submit(reason);
      onDone();
    } catch (error) {
      // already a toast; a refused reason is also shown at its field, and stays for another try
      form.showRefusal(error);
    }
  });
  return (
    // `post` keeps what was typed out of any URL.
    <form method="post" action={page?.action} onSubmit={onSubmit} noValidate>
      {page && (
        <>
          <input type="hidden" name="intent" value="refund" />
          <input type="hidden" name="redirect" value={page.back} />
        </>
      )}
      {form.serverMessage && <FormAlert>{form.serverMessage}</FormAlert>}
      <Field label={t('ucOrders.refundReason')} error={form.errorText('reason')} required>
        <TextArea {...form.field('reason')} rows={3} maxLength={REFUND_TEXT_MAX} />
      </Field>
      <Row>
        {page ? (
          <Link to={page.back}>{t('kit.cancel')}</Link>
        ) : (
          <Button onClick={onDone}>{t('kit.cancel')}</Button>
        )}
        <Button type="submit" variant="primary" loading={form.submitting}>
          {t('ucOrders.submit')}
        </Button>
      </Row>
    </form>
  );
}
