import { useMutation } from '@apollo/client/react';
import { ruleMessage } from '@shop/common/validation/message.ts';
import { REFUND_TEXT_MAX, rejectionExplained, reviewFields } from '@shop/common/validation/refunds.ts';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { z } from 'zod';
import {
  type ReviewDialog_RefundFragment,
  ReviewDialog_RefundFragmentDoc,
  ReviewRefundDocument,
} from '../../__generated__/graphql.ts';
import { useFragment } from '../../app/fragment.ts';
import { acceptPayload } from '../../app/user-errors.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { Field, TextArea, useShopForm } from '../../components/form/index.ts';
import { Money } from '../../components/Money.tsx';
import type { MessageId } from '../../i18n/message-ids.ts';
import { evictBackOffice } from './cache.ts';
import { Fact, Facts } from './ui.tsx';
import './admin-messages.ts'; // this chunk's texts

/**
 * The review form: the shared review rules (common/validation), the decision chosen with two
 * radio buttons instead of the service's `approve` flag. A rejection must say why (the buyer
 * reads the remark in the after-sales progress), an approval may.
 */
export const reviewFormSchema = rejectionExplained(
  z.object({
    decision: z.enum(['approve', 'reject'], { error: () => ruleMessage('validation.required') }),
    remark: reviewFields.remark,
  }),
  (input) => input.decision === 'approve',
);

const Choices = styled.fieldset`
  border: 0;
  margin: 0 0 12px;
  padding: 0;
  legend {
    margin-bottom: 6px;
  }
  label {
    display: flex;
    align-items: center;
    gap: 6px;
    padding: 4px 0;
    cursor: pointer;
  }
  p {
    margin: 4px 0 0;
    color: ${({ theme }) => theme.colors.error};
    font-size: ${({ theme }) => theme.fontSizes.sm}px;
  }
`;

const Footer = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 8px;
`;

/** Approve or reject a pending refund application with a remark. */
export function ReviewDialog({
  refund: from,
  onClose,
}: {
  refund: { __typename: 'Refund'; id: string };
  onClose: () => void;
}) {
  const { data, complete } = useFragment({
    fragment: ReviewDialog_RefundFragmentDoc,
    fragmentName: 'ReviewDialog_refund',
    from,
  });
  return complete ? <ReviewForm refund={data} onClose={onClose} /> : null;
}

function ReviewForm({ refund, onClose }: { refund: ReviewDialog_RefundFragment; onClose: () => void }) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const [review] = useMutation(ReviewRefundDocument, { update: evictBackOffice });
  const form = useShopForm({
    schema: reviewFormSchema,
    labels: { decision: 'admin.review.decision', remark: 'admin.review.remark' },
  });
  const rejecting = form.watch('decision') === 'reject';

  const submit = form.handleSubmit(async ({ decision, remark }) => {
    try {
      const result = await review({
        variables: { input: { refundId: refund.id, approve: decision === 'approve', remark } },
      });
      acceptPayload(result.data?.reviewRefund);
      onClose();
    } catch {
      // the refusal ('该退款申请已审核', …) is already a toast; the form stays as typed
    }
  });

  return (
    <Dialog open title={t('admin.review.title')} onClose={onClose} width={480}>
      <Facts>
        <Fact label={t('admin.orderNo')}>{refund.orderNo}</Fact>
        <Fact label={t('admin.buyer')}>{refund.account}</Fact>
        <Fact label={t('admin.refund.amount')}>
          <Money value={refund.amount} />
        </Fact>
        <Fact label={t('admin.refund.reason')}>{refund.reason || '—'}</Fact>
      </Facts>
      {/* a dialog, which needs the script; `post` keeps what was typed out of any URL regardless */}
      <form method="post" onSubmit={submit} noValidate>
        <Choices aria-describedby={form.errorText('decision') ? 'review-decision-error' : undefined}>
          <legend>
            {t('admin.review.decision')} <span aria-hidden="true">*</span>
          </legend>
          {(['approve', 'reject'] as const).map((value) => (
            <label key={value}>
              <input type="radio" value={value} {...form.field('decision')} />
              {t(`admin.review.${value}`)}
            </label>
          ))}
          {form.errorText('decision') && (
            <p id="review-decision-error" role="alert">
              {form.errorText('decision')}
            </p>
          )}
        </Choices>
        <Field
          label={t('admin.review.remark')}
          error={form.errorText('remark')}
          hint={t('admin.review.remarkHint')}
          required={rejecting}
        >
          <TextArea {...form.field('remark')} rows={3} maxLength={REFUND_TEXT_MAX} />
        </Field>
        <Footer>
          <Button onClick={onClose}>{t('admin.review.cancel')}</Button>
          <Button type="submit" variant={rejecting ? 'danger' : 'primary'} loading={form.submitting}>
            {t('admin.review.submit')}
          </Button>
        </Footer>
      </form>
    </Dialog>
  );
}
