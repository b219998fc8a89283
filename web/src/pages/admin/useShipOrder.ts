import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { ShipOrderDocument } from '../../__generated__/graphql.ts';
import { acceptPayload } from '../../app/user-errors.ts';
import { useConfirm } from '../../components/confirm.tsx';
import { evictBackOffice } from './cache.ts';
import './admin-messages.ts'; // this chunk's texts

/** Ship after '确认发货…？'; lists, counts and the detail follow without a reload. */
export function useShipOrder() {
  const intl = useIntl();
  const confirm = useConfirm();
  const [ship, { loading }] = useMutation(ShipOrderDocument, { update: evictBackOffice });
  const shipOrder = useCallback(
    async (order: { id: string; orderNo: string }) => {
      const ok = await confirm({
        message: intl.formatMessage({ id: 'admin.shipConfirm' }, { orderNo: order.orderNo }),
        confirmText: intl.formatMessage({ id: 'admin.ship' }),
        cancelText: intl.formatMessage({ id: 'admin.shipLater' }),
      });
      if (!ok) return false;
      try {
        acceptPayload((await ship({ variables: { input: { orderId: order.id } } })).data?.shipOrder);
        return true;
      } catch {
        return false; // the refusal ('当前订单状态不允许该操作', …) is already a toast
      }
    },
    [confirm, intl, ship],
  );
  return { shipOrder, shipping: loading };
}
