import { useMutation } from '@apollo/client/react';
import { ruleMessage } from '@shop/common/validation/message.ts';
import { STOCK_NOTE_MAX, stockAdjustmentFields } from '@shop/common/validation/stock.ts';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { z } from 'zod';
import {
  AdjustStockDocument,
  type StockAdjustmentReason,
  StockDialogDocument,
} from '../../../../__generated__/graphql.ts';
import { useQuery } from '../../../../app/query.ts';
import { acceptPayload, fieldErrors, MutationRefused } from '../../../../app/user-errors.ts';
import { Button } from '../../../../components/Button.tsx';
import { Dialog } from '../../../../components/Dialog.tsx';
import { Field, Select, TextInput, useShopForm } from '../../../../components/form/index.ts';
import { Spinner } from '../../../../components/Spinner.tsx';
import { useToast } from '../../../../components/toast.tsx';
import { Fact, Facts } from '../../ui.tsx';
import { StockLedger } from './StockLedger.tsx';
import './stock-messages.ts'; // this chunk's texts

/** Ledger rows the dialog shows (the newest). */
export const LEDGER_ROWS = 10;

const REASONS: readonly StockAdjustmentReason[] = ['RESTOCK', 'CORRECTION', 'DAMAGE'];

/** '12' → 12; anything else is left for the shared rule to refuse ('' included: not a number). */
const units = (value: unknown) =>
  typeof value === 'string' && /^\d{1,7}$/.test(value.trim()) ? Number(value) : value;

/**
 * The dialog's form over the shared rules (common/validation/stock.ts): a direction and a number
 * of units instead of one signed number (a phone's number pad has no minus key), the same
 * messages as the service. The direction is the admin's own choice, made every time: no reason
 * sets or changes it (a correction goes either way, and a direction changed behind the admin's
 * back would save the opposite of what they meant).
 */
export const stockFormSchema = z.object({
  direction: z.enum(['add', 'remove'], { error: () => ruleMessage('stock.directionRequired') }),
  quantity: z.preprocess(
    units,
    stockAdjustmentFields.delta.refine((n) => n > 0, ruleMessage('stock.deltaRequired')),
  ),
  reason: z.enum(REASONS as [StockAdjustmentReason, ...StockAdjustmentReason[]], {
    error: () => ruleMessage('stock.reasonRequired'),
  }),
  note: stockAdjustmentFields.note,
});

const Choices = styled.fieldset`
  border: 0;
  margin: 0 0 12px;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 4px 16px;
  legend {
    margin-bottom: 6px;
    padding: 0;
  }
  label {
    display: flex;
    align-items: center;
    gap: 6px;
    min-height: 32px;
    cursor: pointer;
  }
`;

const Required = styled.span`
  color: ${({ theme }) => theme.colors.error};
  margin-right: 2px;
`;

const ChoiceError = styled.span`
  flex-basis: 100%;
  color: ${({ theme }) => theme.colors.error};
  font-size: ${({ theme }) => theme.fontSizes.xs}px;
`;

const After = styled.p<{ $negative: boolean }>`
  margin: 0 0 12px;
  font-weight: 600;
  color: ${({ theme, $negative }) => ($negative ? theme.colors.error : theme.colors.text)};
`;

const Footer = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 8px;
  margin-bottom: 16px;
`;

export interface StockDialogProps {
  productId: string;
  /** The product's name in the admin's language, for the title. */
  name: string;
  onClose: () => void;
}

/**
 * Adjust a product's stock: the current stock, add or take away a number of units with a reason
 * and a note, the stock it will leave shown before saving, and the latest ledger entries. The
 * adjustment is not made against the product's version: an order that sold a unit meanwhile does
 * not refuse it, only stock that would go below zero does (the message says how many are left,
 * and the dialog reads the stock again). What was typed stays after a refusal.
 */
export function StockDialog({ productId, name, onClose }: StockDialogProps) {
  const intl = useIntl();
  const toast = useToast();
  const query = useQuery(StockDialogDocument, {
    variables: { id: productId, page: { pageNum: 1, pageSize: LEDGER_ROWS } },
    fetchPolicy: 'cache-and-network',
  });
  const [adjust] = useMutation(AdjustStockDocument);
  const form = useShopForm({
    schema: stockFormSchema,
    labels: {
      direction: 'stock.direction',
      quantity: 'stock.quantity',
      reason: 'stock.reason',
      note: 'stock.note',
    },
    defaultValues: { direction: undefined, quantity: '', reason: undefined, note: '' },
  });
  const product = query.data?.adminProduct;
  const current = product?.stock;
  const direction = form.watch('direction');
  // an unchecked radio group reads as null
  const sign = direction === 'remove' ? -1 : direction === 'add' ? 1 : null;
  const typed = units(form.watch('quantity'));
  const after =
    current !== undefined && sign !== null && typeof typed === 'number' && typed > 0
      ? current + sign * typed
      : null;
  const directionError = form.errorText('direction');
  const directionErrorId = `${useId()}-direction-error`;

  const submit = form.handleSubmit(async ({ direction, quantity, reason, note }) => {
    const delta = direction === 'remove' ? -quantity : quantity;
    try {
      const result = await adjust({ variables: { input: { productId, delta, reason, note: note || null } } });
      const payload = acceptPayload(result.data?.adjustStock);
      toast.success(intl.formatMessage({ id: 'stock.saved' }, { stock: payload.product?.stock ?? '' }));
      onClose();
    } catch (error) {
      form.showRefusal(error);
      // A refusal of the whole adjustment (too few in stock) is said beside the units too.
      if (
        error instanceof MutationRefused &&
        Object.keys(fieldErrors(error)).length === 0 &&
        error.userErrors[0]
      ) {
        form.setError(
          'quantity',
          { type: 'refused', message: error.userErrors[0].message },
          { shouldFocus: true },
        );
      }
      await query.refetch().catch(() => undefined);
    }
  });

  return (
    <Dialog open title={intl.formatMessage({ id: 'stock.title' }, { name })} onClose={onClose} width={640}>
      <Facts>
        <Fact label={intl.formatMessage({ id: 'stock.current' })}>
          {current === undefined ? (
            <Spinner size={16} />
          ) : (
            <strong data-testid="stock-current">{current}</strong>
          )}
        </Fact>
      </Facts>
      {/* a dialog, which needs the script; `post` keeps what was typed out of any URL regardless */}
      <form method="post" onSubmit={submit} noValidate>
        <Field label={intl.formatMessage({ id: 'stock.reason' })} error={form.errorText('reason')} required>
          <Select
            {...form.field('reason')}
            placeholder={intl.formatMessage({ id: 'stock.choose' })}
            options={REASONS.map((value) => ({
              value,
              label: intl.formatMessage({ id: `stock.reason.${value}` }),
            }))}
          />
        </Field>
        <Choices
          role="radiogroup"
          aria-required
          aria-invalid={directionError ? true : undefined}
          aria-describedby={directionError ? directionErrorId : undefined}
        >
          <legend>
            <Required aria-hidden="true">*</Required>
            {intl.formatMessage({ id: 'stock.direction' })}
          </legend>
          {(['add', 'remove'] as const).map((value) => (
            <label key={value}>
              <input type="radio" value={value} {...form.field('direction')} />
              {intl.formatMessage({ id: `stock.${value}` })}
            </label>
          ))}
          {directionError && (
            <ChoiceError id={directionErrorId} role="alert">
              {directionError}
            </ChoiceError>
          )}
        </Choices>
        <Field
          label={intl.formatMessage({ id: 'stock.quantity' })}
          error={form.errorText('quantity')}
          hint={intl.formatMessage({ id: 'stock.quantityHint' })}
          required
        >
          <TextInput {...form.field('quantity')} inputMode="numeric" autoComplete="off" maxLength={7} />
        </Field>
        <After $negative={after !== null && after < 0} aria-live="polite" data-testid="stock-after">
          {after === null
            ? null
            : intl.formatMessage({ id: after < 0 ? 'stock.afterNegative' : 'stock.after' }, { stock: after })}
        </After>
        <Field
          label={intl.formatMessage({ id: 'stock.note' })}
          error={form.errorText('note')}
          hint={intl.formatMessage({ id: 'stock.noteHint' })}
        >
          <TextInput {...form.field('note')} maxLength={STOCK_NOTE_MAX} autoComplete="off" />
        </Field>
        <Footer>
          <Button onClick={onClose}>{intl.formatMessage({ id: 'stock.cancel' })}</Button>
          <Button type="submit" variant="primary" loading={form.submitting}>
            {intl.formatMessage({ id: 'stock.save' })}
          </Button>
        </Footer>
      </form>
      <StockLedger
        loading={query.loading && !product}
        failed={Boolean(query.error) && !product}
        onRetry={() => void query.refetch().catch(() => undefined)}
        ledger={product?.stockLedger}
      />
    </Dialog>
  );
}
