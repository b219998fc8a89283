import { useFragment, useMutation } from '@apollo/client/react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import {
  type ReviewDialog_RefundFragment,
  ReviewDialog_RefundFragmentDoc,
  ReviewRefundDocument,
} from '../../__generated__/graphql.ts';
import { acceptPayload } from '../../app/user-errors.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { Field, TextArea, useForm } from '../../components/form/index.ts';
import type { Rules } from '../../components/form/useForm.ts';
import { Money } from '../../components/Money.tsx';
import { evictBackOffice } from './cache.ts';
import { Fact, Facts } from './ui.tsx';
import './admin-messages.ts'; // this chunk's texts

export const REMARK_MAX = 200;

type Decision = '' | 'approve' | 'reject';
type ReviewValues = { decision: Decision; remark: string };

/**
 * The review form's rules: a decision is required; a rejection must say why (the buyer reads the
 * remark in the after-sales progress), an approval may; at most 200 characters (as the service).
 */
export const reviewRules: Rules<ReviewValues> = {
  decision: { label: 'admin.review.decision', required: true },
  remark: {
    label: 'admin.review.remark',
    trim: true,
    validate: [(value) => (String(value).length > REMARK_MAX ? 'admin.review.remarkTooLong' : null)],
  },
};

/** A rejection without a remark: checked on submit (the rules skip `validate` on an empty value). */
export const rejectsWithoutRemark = (values: ReviewValues): boolean =>
  values.decision === 'reject' && !values.remark.trim();

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
  const t = (id: string) => intl.formatMessage({ id });
  const [review] = useMutation(ReviewRefundDocument, { update: evictBackOffice });
  const form = useForm<ReviewValues>({ initial: { decision: '', remark: '' }, rules: reviewRules });
  const rejecting = form.values.decision === 'reject';

  const submit = form.handleSubmit(async (values) => {
    if (rejectsWithoutRemark(values)) {
      form.setErrors({
        remark: intl.formatMessage({ id: 'validation.required' }, { field: t('admin.review.remark') }),
      });
      return;
    }
    const { decision, remark } = values;
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
          <Money fen={refund.amount.fen} />
        </Fact>
        <Fact label={t('admin.refund.reason')}>{refund.reason || '—'}</Fact>
      </Facts>
      <form onSubmit={submit} noValidate>
        <Choices aria-describedby={form.errors.decision ? 'review-decision-error' : undefined}>
          <legend>
            {t('admin.review.decision')} <span aria-hidden="true">*</span>
          </legend>
          {(['approve', 'reject'] as const).map((value) => (
            <label key={value}>
              <input
                type="radio"
                name="decision"
                value={value}
                checked={form.values.decision === value}
                onChange={() => form.setValue('decision', value)}
              />
              {t(`admin.review.${value}`)}
            </label>
          ))}
          {form.errors.decision && (
            <p id="review-decision-error" role="alert">
              {form.errors.decision}
            </p>
          )}
        </Choices>
        <Field
          label={t('admin.review.remark')}
          error={form.errors.remark}
          hint={t('admin.review.remarkHint')}
          required={rejecting}
        >
          <TextArea {...form.bind('remark')} rows={3} maxLength={REMARK_MAX} />
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
