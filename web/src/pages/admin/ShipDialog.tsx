import { useMutation } from '@apollo/client/react';
import { shipSchema } from '@shop/common/validation/shipping.ts';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { ShipCouriersDocument, ShipOrderDocument } from '../../__generated__/graphql.ts';
import { useQuery } from '../../app/query.ts';
import { acceptPayload } from '../../app/user-errors.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { Field, Select, TextInput, useShopForm } from '../../components/form/index.ts';
import type { MessageId } from '../../i18n/message-ids.ts';
import { evictBackOffice } from './cache.ts';
import './admin-messages.ts'; // this chunk's texts

const Footer = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 8px;
`;

export interface ShipTarget {
  id: string;
  orderNo: string;
}

/**
 * 发货: the courier, from the shop's list, and the waybill number, checked by the shared ship
 * rules (common/validation) on blur and on submit; the service's refusals (a courier no longer
 * on the list, the order no longer paid) come back beside their fields or as a toast. Lists,
 * counts and the detail follow without a reload.
 */
export function ShipDialog({ order, onClose }: { order: ShipTarget; onClose: () => void }) {
  const intl = useIntl();
  const t = (id: MessageId, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const couriers = useQuery(ShipCouriersDocument);
  // Only a shipped order changes the lists: after a refusal the dialog stays, as typed, over them.
  const [ship] = useMutation(ShipOrderDocument, {
    update: (cache, { data }) => {
      if (data?.shipOrder.order) evictBackOffice(cache);
    },
  });
  const form = useShopForm({
    schema: shipSchema,
    labels: { courier: 'admin.ship.courier', waybillNo: 'admin.ship.waybillNo' },
  });

  const submit = form.handleSubmit(async ({ courier, waybillNo }) => {
    try {
      const result = await ship({ variables: { input: { orderId: order.id, courier, waybillNo } } });
      acceptPayload(result.data?.shipOrder);
      onClose();
    } catch (error) {
      // already a toast; a refused field is also shown beside it, and the form stays as typed
      form.showRefusal(error);
    }
  });

  return (
    <Dialog
      open
      title={t('admin.ship.title', { orderNo: order.orderNo })}
      description={t('admin.ship.description')}
      onClose={onClose}
      width={440}
    >
      {couriers.error && !couriers.data ? (
        <ErrorState onRetry={() => void couriers.refetch()} />
      ) : (
        // a dialog, which needs the script; `post` keeps what was typed out of any URL regardless
        <form method="post" onSubmit={submit} noValidate>
          <Field label={t('admin.ship.courier')} error={form.errorText('courier')} required>
            <Select
              {...form.field('courier')}
              placeholder={t('admin.ship.chooseCourier')}
              options={couriers.data?.couriers ?? []}
            />
          </Field>
          <Field
            label={t('admin.ship.waybillNo')}
            error={form.errorText('waybillNo')}
            hint={t('admin.ship.waybillHint')}
            required
          >
            <TextInput {...form.field('waybillNo')} autoComplete="off" spellCheck={false} inputMode="text" />
          </Field>
          <Footer>
            <Button onClick={onClose}>{t('admin.shipLater')}</Button>
            <Button type="submit" variant="primary" loading={form.submitting}>
              {t('admin.ship')}
            </Button>
          </Footer>
        </form>
      )}
    </Dialog>
  );
}
