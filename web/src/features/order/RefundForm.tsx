import { REFUND_TEXT_MAX, refundSchema } from '@shop/common/validation/refunds.ts';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { Button } from '../../components/Button.tsx';
import { Field, TextArea, useShopForm } from '../../components/form/index.ts';
import type { MessageId } from '../../i18n/message-ids.ts';
import './order-card-messages.ts'; // the order texts of this feature

const Row = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 8px;
`;

/**
 * The refund application: a reason is required ('退款原因 不能为空', whitespace '请输入内容'),
 * checked on blur and on submit; nothing is sent while it is invalid. `submit` rejects when the
 * service refuses (the error link shows why) and the dialog stays open with the text kept.
 */
export function RefundForm({
  submit,
  onDone,
}: {
  submit: (reason: string) => Promise<unknown>;
  onDone: () => void;
}) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const form = useShopForm({ schema: refundSchema, labels: { reason: 'ucOrders.refundReason' } });
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
    // Shown in a dialog, which needs the script; `post` keeps what was typed out of any URL regardless.
    <form method="post" onSubmit={onSubmit} noValidate>
      <Field label={t('ucOrders.refundReason')} error={form.errorText('reason')} required>
        <TextArea {...form.field('reason')} rows={3} maxLength={REFUND_TEXT_MAX} />
      </Field>
      <Row>
        <Button onClick={onDone}>{t('kit.cancel')}</Button>
        <Button type="submit" variant="primary" loading={form.submitting}>
          {t('ucOrders.submit')}
        </Button>
      </Row>
    </form>
  );
}
