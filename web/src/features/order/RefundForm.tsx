import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { fieldErrors } from '../../app/user-errors.ts';
import { Button } from '../../components/Button.tsx';
import { Field, TextArea, useForm } from '../../components/form/index.ts';
import './order-card-messages.ts'; // the order texts of this feature

/** The longest refund reason the service accepts. */
export const REFUND_REASON_MAX = 200;

const Row = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 8px;
`;

const tooLong = (value: unknown) =>
  String(value).trim().length > REFUND_REASON_MAX ? 'order.refundReasonTooLong' : null;

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
  const t = (id: string) => intl.formatMessage({ id });
  const form = useForm({
    initial: { reason: '' },
    rules: {
      reason: { label: 'ucOrders.refundReason', required: true, text: true, trim: true, validate: [tooLong] },
    },
  });
  const onSubmit = form.handleSubmit(async ({ reason }) => {
    try {
      await submit(reason);
      onDone();
    } catch (error) {
      // already a toast; a refused reason is also shown at its field, and stays for another try
      form.setErrors(fieldErrors(error));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Field label={t('ucOrders.refundReason')} error={form.errors.reason} required>
        <TextArea {...form.bind('reason')} rows={3} maxLength={REFUND_REASON_MAX} />
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
