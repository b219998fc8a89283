import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { WithdrawProductDocument } from '../../../__generated__/graphql.ts';
import { acceptPayload } from '../../../app/user-errors.ts';
import { useConfirm } from '../../../components/confirm.tsx';
import { evictProductLists } from './cache.ts';
import './product-messages.ts'; // this chunk's texts

/**
 * Withdraws a product from sale after '确认停售…？', against the version the list showed; the
 * lists read their page again. A refusal (someone changed it meanwhile) is the link's toast.
 */
export function useWithdrawProduct() {
  const intl = useIntl();
  const confirm = useConfirm();
  const [withdraw, { loading }] = useMutation(WithdrawProductDocument, { update: evictProductLists });
  const withdrawProduct = useCallback(
    async (product: { id: string; version: number; name: string }) => {
      const ok = await confirm({
        message: intl.formatMessage({ id: 'products.withdrawConfirm' }, { name: product.name }),
        confirmText: intl.formatMessage({ id: 'products.withdraw' }),
        cancelText: intl.formatMessage({ id: 'products.withdrawLater' }),
      });
      if (!ok) return false;
      try {
        const input = { id: product.id, version: product.version };
        acceptPayload((await withdraw({ variables: { input } })).data?.withdrawProduct);
        return true;
      } catch {
        return false; // the refusal is already a toast
      }
    },
    [confirm, intl, withdraw],
  );
  return { withdrawProduct, withdrawing: loading };
}
