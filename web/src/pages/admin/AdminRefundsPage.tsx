import { DEFAULT_PAGE_SIZE } from '@shop/common/paging.ts';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import {
  type AdminRefundRow_RefundFragment,
  AdminRefundRow_RefundFragmentDoc,
  AdminRefundsDocument,
  type ReviewStatus,
} from '../../__generated__/graphql.ts';
import { useFragment } from '../../app/fragment.ts';
import { useRouteQuery } from '../../app/route-data.tsx';
import { Permitted } from '../../auth/permissions.tsx';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Money } from '../../components/Money.tsx';
import type { MessageId } from '../../i18n/message-ids.ts';
import { useShopFormat } from '../../lib/format.ts';
import { parsePage, useUrlParams } from '../../lib/url-params.ts';
import { ReviewDialog } from './ReviewDialog.tsx';
import { Actions, AdminListPage, Badge, Fact, Facts, Filters, Row, Screen } from './ui.tsx';
import './admin-messages.ts'; // this chunk's texts

export const REVIEW_STATUSES: ReviewStatus[] = ['PENDING', 'PASSED', 'REJECTED'];

/** The filter as the URL says it (`?reviewStatus=PENDING&page=2`); none (全部类型) lists every refund. */
export function refundsFilter(params: URLSearchParams) {
  const raw = params.get('reviewStatus');
  const reviewStatus = REVIEW_STATUSES.includes(raw as ReviewStatus) ? (raw as ReviewStatus) : null;
  const page = parsePage(params.get('page'));
  return { reviewStatus, page };
}

const tone = (status: ReviewStatus) =>
  status === 'PENDING' ? 'warning' : status === 'PASSED' ? 'primary' : 'muted';

/** A refund to review, as the rows and the dialog identify it. */
export type RefundRef = { __typename: 'Refund'; id: string };

/** One refund application (its fields are read from the cache by the row's fragment). */
export function AdminRefundRow({
  refund: from,
  onReview,
}: {
  refund: RefundRef;
  onReview: (refund: RefundRef) => void;
}) {
  const { data, complete } = useFragment({
    fragment: AdminRefundRow_RefundFragmentDoc,
    fragmentName: 'AdminRefundRow_refund',
    from,
  });
  return complete ? <RefundRowView refund={data} onReview={() => onReview(from)} /> : null;
}

function RefundRowView({
  refund,
  onReview,
}: {
  refund: AdminRefundRow_RefundFragment;
  onReview: () => void;
}) {
  const intl = useIntl();
  const format = useShopFormat();
  const t = (id: MessageId) => intl.formatMessage({ id });
  return (
    <Row aria-label={`${t('admin.orderNo')} ${refund.orderNo ?? refund.orderId}`}>
      <header>
        <Link to={`/admin/orders/${refund.orderId}`}>{refund.orderNo ?? refund.orderId}</Link>
        <Badge $tone={tone(refund.reviewStatus)}>{t(`reviewStatus.${refund.reviewStatus}`)}</Badge>
      </header>
      <Facts>
        <Fact label={t('admin.buyer')}>{refund.account ?? '—'}</Fact>
        <Fact label={t('admin.refund.amount')}>
          <Money value={refund.amount} />
        </Fact>
        <Fact label={t('admin.refund.origin')}>
          {/* an origin the catalogue does not know yet is shown as the service names it */}
          {intl.formatMessage({
            id: `admin.origin.${refund.origin}` as MessageId,
            defaultMessage: refund.origin,
          })}
        </Fact>
        <Fact label={t('admin.refund.reason')}>{refund.reason || '—'}</Fact>
        <Fact label={t('admin.refund.appliedAt')}>{format.dateTime(refund.createdAt)}</Fact>
        {refund.orderStatus && (
          <Fact label={t('admin.orders.filter')}>{t(`orderStatus.${refund.orderStatus}`)}</Fact>
        )}
        {refund.reviewedAt && (
          <Fact label={t('admin.refund.reviewedAt')}>{format.dateTime(refund.reviewedAt)}</Fact>
        )}
        {refund.remark && <Fact label={t('admin.refund.remark')}>{refund.remark}</Fact>}
      </Facts>
      {refund.reviewStatus === 'PENDING' && (
        <Permitted code="refund:review">
          <footer>
            <span />
            <Actions>
              <Button variant="primary" size="sm" onClick={onReview}>
                {t('admin.review')}
              </Button>
            </Actions>
          </footer>
        </Permitted>
      )}
    </Row>
  );
}

/**
 * The page of refunds the filter asks for. A new filter or page is a navigation (a transition):
 * the current page stays until the next one is in.
 */
function RefundsList({
  reviewStatus,
  page,
  onPage,
  onReview,
}: {
  reviewStatus: ReviewStatus | null;
  page: number;
  onPage: (page: number) => void;
  onReview: (refund: RefundRef) => void;
}) {
  const intl = useIntl();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { data } = useRouteQuery(AdminRefundsDocument, {
    variables: { reviewStatus, page: { pageNum: page, pageSize: DEFAULT_PAGE_SIZE } },
    fetchPolicy: 'cache-and-network',
  });
  const list = data.adminRefunds;
  return (
    <AdminListPage
      list={list}
      totalText={t('admin.refunds.total', { total: list.total })}
      emptyText={t('admin.refunds.empty')}
      onPage={onPage}
      row={(refund) => <AdminRefundRow key={refund.id} refund={refund} onReview={onReview} />}
    />
  );
}

/**
 * /admin/refunds (退款审核): refund applications filtered by review status (empty option
 * 全部类型), paged; approve or reject with a remark. Listing needs `refund:view`, reviewing
 * `refund:review`.
 */
export default function AdminRefundsPage() {
  const intl = useIntl();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [params, update] = useUrlParams();
  const { reviewStatus, page } = refundsFilter(params);
  const [reviewing, setReviewing] = useState<RefundRef | null>(null);

  return (
    <Screen aria-labelledby="admin-refunds-title">
      <h1 id="admin-refunds-title">{t('admin.refunds.title')}</h1>
      <Permitted code="refund:view" fallback={<EmptyState title={t('admin.noView')} />}>
        <Filters method="get" onSubmit={(event) => event.preventDefault()}>
          <label>
            {t('admin.refunds.filter')}
            <select
              name="reviewStatus"
              value={reviewStatus ?? ''}
              onChange={(event) => update({ reviewStatus: event.target.value || null, page: null })}
            >
              <option value="">{t('admin.reviewStatus.all')}</option>
              {REVIEW_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {t(`reviewStatus.${value}`)}
                </option>
              ))}
            </select>
          </label>
        </Filters>
        <RefundsList
          reviewStatus={reviewStatus}
          page={page}
          onPage={(next) => update({ page: String(next) })}
          onReview={setReviewing}
        />
      </Permitted>
      {reviewing && <ReviewDialog refund={reviewing} onClose={() => setReviewing(null)} />}
    </Screen>
  );
}
