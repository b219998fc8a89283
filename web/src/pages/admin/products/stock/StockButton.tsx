import { lazy, Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '../../../../components/Button.tsx';
import './stock-messages.ts'; // this chunk's texts

const StockDialog = lazy(() =>
  import('./StockDialog.tsx').then((module) => ({ default: module.StockDialog })),
);

/**
 * The button that opens the stock dialog for one product (the list's row and the editor). Show it
 * only to users with `stock:adjust` (useProductPermissions().canAdjustStock). The dialog gives
 * the focus back to this button when it closes.
 */
export function StockButton({
  productId,
  name,
  size,
}: {
  productId: string;
  name: string;
  size?: 'sm' | 'md';
}) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size={size}
        onClick={() => setOpen(true)}
        aria-label={intl.formatMessage({ id: 'stock.openOf' }, { name })}
      >
        {intl.formatMessage({ id: 'stock.open' })}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <StockDialog productId={productId} name={name} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
