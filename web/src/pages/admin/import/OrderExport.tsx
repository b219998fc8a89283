import { FIRST_SHOP_DAY, isShopDay, LAST_SHOP_DAY } from '@shop/common/shop-days.ts';
import { type FormEvent, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { OrderStatus } from '../../../__generated__/graphql.ts';
import { Button } from '../../../components/Button.tsx';
import { focusRing } from '../../../components/focus-ring.ts';
import type { MessageId } from '../../../i18n/message-ids.ts';
import { Filters } from '../ui.tsx';
import { ORDER_EXPORT_URL } from './upload.ts';
import './import-messages.ts'; // this component's texts

const STATUSES: { status: OrderStatus; code: number }[] = [
  { status: 'PENDING', code: 0 },
  { status: 'PAID', code: 1 },
  { status: 'RECEIVED', code: 2 },
  { status: 'COMPLETE', code: 3 },
  { status: 'CANCEL', code: 4 },
];

type DayField = 'from' | 'to';

/**
 * The order export: a date range (shop days, inclusive) and a status, sent as a plain GET form
 * to the download the gateway signs with the session, so the browser saves the .xlsx and the
 * page stays as it is. A day outside the days the shop exports (common/shop-days.ts) and a
 * range that ends before it starts are refused here, before the download; the service refuses
 * them again.
 */
export function OrderExport() {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const [problem, setProblem] = useState<{ field: DayField; text: string } | null>(null);
  const errorId = useId();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget);
    const from = String(form.get('from') ?? '');
    const to = String(form.get('to') ?? '');
    const days = { from, to };
    const badDay = (['from', 'to'] as const).find((field) => days[field] && !isShopDay(days[field]));
    const found: { field: DayField; text: string } | null = badDay
      ? {
          field: badDay,
          text: intl.formatMessage(
            { id: 'excel.export.badDay' },
            { first: FIRST_SHOP_DAY, last: LAST_SHOP_DAY },
          ),
        }
      : from && to && to < from
        ? { field: 'to', text: t('excel.export.badRange') }
        : null;
    if (found) event.preventDefault();
    setProblem(found);
  };
  const invalid = (field: DayField) => (problem?.field === field ? true : undefined);
  const describedBy = (field: DayField) => (problem?.field === field ? errorId : undefined);
  return (
    <Filters
      method="get"
      action={ORDER_EXPORT_URL}
      onSubmit={onSubmit}
      aria-label={t('excel.export.orders')}
      noValidate
    >
      <label>
        {t('excel.export.from')}
        <input
          type="date"
          name="from"
          min={FIRST_SHOP_DAY}
          max={LAST_SHOP_DAY}
          aria-invalid={invalid('from')}
          aria-describedby={describedBy('from')}
        />
      </label>
      <label>
        {t('excel.export.to')}
        <input
          type="date"
          name="to"
          min={FIRST_SHOP_DAY}
          max={LAST_SHOP_DAY}
          aria-invalid={invalid('to')}
          aria-describedby={describedBy('to')}
        />
      </label>
      <label>
        {t('excel.export.status')}
        <select name="status" defaultValue="">
          <option value="">{t('excel.export.allStatuses')}</option>
          {STATUSES.map(({ status, code }) => (
            <option key={status} value={code}>
              {intl.formatMessage({ id: `orderStatus.${status}` })}
            </option>
          ))}
        </select>
      </label>
      <Button type="submit">{t('excel.export.run')}</Button>
      {problem && (
        <p id={errorId} role="alert">
          {problem.text}
        </p>
      )}
    </Filters>
  );
}

const Disclosure = styled.details`
  margin-bottom: 12px;
  summary {
    cursor: pointer;
    min-height: 24px;
    color: ${({ theme }) => theme.colors.primaryStrong};
  }
  summary:focus-visible {
    ${focusRing}
  }
`;

/** The order export folded under its summary, for the orders list (opened with Enter or Space). */
export function OrderExportDisclosure() {
  const intl = useIntl();
  return (
    <Disclosure>
      <summary>{intl.formatMessage({ id: 'excel.export.orders' })}</summary>
      <OrderExport />
    </Disclosure>
  );
}
