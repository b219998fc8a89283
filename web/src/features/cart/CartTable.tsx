import { type FormEvent, useId } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { CartTable_CartFragmentDoc } from '../../__generated__/graphql.ts';
import { useFragment } from '../../app/fragment.ts';
import { Button } from '../../components/Button.tsx';
import { Checkbox } from '../../components/Checkbox.tsx';
import { useConfirm } from '../../components/confirm.tsx';
import { FormAlert } from '../../components/form/FormAlert.tsx';
import { useFormResult } from '../../components/form/server-result.ts';
import { Money } from '../../components/Money.tsx';
import { mobileQuery } from '../../theme.ts';
import { VisuallyHidden } from '../page/Page.tsx';
import { CART_ACTION, CartLineRow, keepForm } from './CartLineRow.tsx';
import { useRemoveCartLine } from './useRemoveCartLine.ts';
import { useSelectAllCartLines } from './useSelectAllCartLines.ts';
import { useUpdateCartLine } from './useUpdateCartLine.ts';
import './noscript-messages.ts'; // the texts shown without JavaScript travel with this part
import './cart-messages.ts';

const Scroll = styled.div`
  overflow-x: auto;
  border-radius: ${({ theme }) => theme.radii.md}px;
  box-shadow: ${({ theme }) => theme.shadows.card};
`;

const Table = styled.table`
  width: 100%;
  min-width: 720px;
  border-collapse: collapse;
  background: ${({ theme }) => theme.colors.surface};
  font-size: ${({ theme }) => theme.fontSizes.md}px;
  th {
    text-align: left;
    font-weight: 500;
    color: ${({ theme }) => theme.colors.textSecondary};
    padding: 10px 8px;
    background: ${({ theme }) => theme.colors.background};
  }
  /* On a phone the lines become cards (see CartLineRow); only select-all stays of the header. */
  ${mobileQuery} {
    display: block;
    min-width: 0;
    thead,
    tbody {
      display: block;
    }
    thead tr {
      display: flex;
    }
    thead th:not(:first-child) {
      display: none;
    }
  }
`;

const Footer = styled.div`
  position: sticky;
  bottom: 0;
  display: flex;
  align-items: center;
  gap: 16px;
  margin-top: 16px;
  padding: 12px 16px;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.md}px;
  box-shadow: ${({ theme }) => theme.shadows.card};
  ${mobileQuery} {
    bottom: ${({ theme }) => theme.layout.tabBarHeight}px;
    flex-wrap: wrap;
  }
`;

const Spacer = styled.div`
  flex: 1;
`;

const Total = styled.div`
  font-size: ${({ theme }) => theme.fontSizes.md}px;
  strong {
    color: ${({ theme }) => theme.colors.primaryStrong};
    font-size: ${({ theme }) => theme.fontSizes.xl}px;
    margin-left: 6px;
  }
`;

/**
 * The cart's lines, select-all, total and checkout (to /order/confirm with the selected lines).
 * Every control is a form's button, so that without JavaScript the server does what it says (the
 * cart route's action, then the cart again); with it, each button's handler runs the mutation and
 * the form is not sent.
 */
export function CartTable({ cart: from }: { cart: { __typename: 'Cart' } }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const updateLine = useUpdateCartLine();
  const removeLine = useRemoveCartLine();
  const selectAll = useSelectAllCartLines();
  // the select-all form (its id), and its refusal sent back without JavaScript
  const cartForm = useId();
  const refused = useFormResult('cart');
  const { data: cart, complete } = useFragment({
    fragment: CartTable_CartFragmentDoc,
    fragmentName: 'CartTable_cart',
    from,
  });
  if (!complete) return null;

  const checkoutLines = cart.lines.filter((line) => line.selected && line.available);
  const selectedUnits = checkoutLines.reduce((sum, line) => sum + line.quantity, 0);
  const anySelected = cart.lines.some((line) => line.selected);

  const remove = async (lineId: string) => {
    const ok = await confirm({
      message: intl.formatMessage({ id: 'cart.confirmDelete' }),
      confirmText: intl.formatMessage({ id: 'cart.remove' }),
      cancelText: intl.formatMessage({ id: 'cart.keepLine' }),
    });
    if (ok) await removeLine(lineId);
  };

  // the lines to check out, as the confirm page reads them from its address (`?lines=3,4`)
  const lines = checkoutLines.map((line) => line.id).join(',');
  const checkout = (event: FormEvent) => {
    event.preventDefault();
    if (checkoutLines.length === 0) return;
    navigate(`/order/confirm?lines=${encodeURIComponent(lines).replaceAll('%2C', ',')}`);
  };

  const selectAllBox = (
    <Checkbox
      checked={cart.allSelected}
      indeterminate={!cart.allSelected && anySelected}
      onChange={(checked) => void selectAll(checked)}
      label={intl.formatMessage({ id: 'cart.selectAll' })}
    />
  );
  // Without JavaScript the box cannot send itself: this button selects or clears every line.
  const selectAllButton = (
    <noscript>
      <Button
        type="submit"
        form={cartForm}
        name="selected"
        value={String(!cart.allSelected)}
        variant="text"
        size="sm"
      >
        {intl.formatMessage({ id: cart.allSelected ? 'cart.unselectAll' : 'cart.selectAll' })}
      </Button>
    </noscript>
  );

  return (
    <>
      {refused && (
        <FormAlert>
          {refused.message ?? (refused.messageId ? intl.formatMessage({ id: refused.messageId }) : '')}
        </FormAlert>
      )}
      <form id={cartForm} method="post" action={CART_ACTION} onSubmit={keepForm}>
        <input type="hidden" name="intent" value="selectAll" />
      </form>
      <Scroll>
        <Table>
          <VisuallyHidden as="caption">{intl.formatMessage({ id: 'cart.title' })}</VisuallyHidden>
          <thead>
            <tr>
              <th scope="col">
                {selectAllBox}
                {selectAllButton}
              </th>
              <th scope="col">{intl.formatMessage({ id: 'cart.product' })}</th>
              <th scope="col">{intl.formatMessage({ id: 'cart.unitPrice' })}</th>
              <th scope="col">{intl.formatMessage({ id: 'cart.quantity' })}</th>
              <th scope="col">{intl.formatMessage({ id: 'cart.subtotal' })}</th>
              <th scope="col">{intl.formatMessage({ id: 'cart.actions' })}</th>
            </tr>
          </thead>
          <tbody>
            {cart.lines.map((line) => (
              <CartLineRow
                key={line.id}
                line={line}
                onSelect={(selected) => void updateLine(line.id, { selected })}
                onQuantity={(quantity) => void updateLine(line.id, { quantity })}
                onRemove={() => void remove(line.id)}
              />
            ))}
          </tbody>
        </Table>
      </Scroll>
      <Footer>
        <span>{intl.formatMessage({ id: 'cart.totalQuantity' }, { count: cart.totalQuantity })}</span>
        <Spacer />
        <span>{intl.formatMessage({ id: 'cart.selectedCount' }, { count: selectedUnits })}</span>
        <Total aria-live="polite" data-testid="cart-total">
          {intl.formatMessage({ id: 'cart.total' })}:
          <strong>
            <Money value={cart.selectedTotal} />
          </strong>
        </Total>
        <form method="get" action="/order/confirm" onSubmit={checkout}>
          <input type="hidden" name="lines" value={lines} />
          <Button type="submit" variant="primary" size="lg" disabled={checkoutLines.length === 0}>
            {intl.formatMessage({ id: 'cart.checkout' })}
          </Button>
        </form>
      </Footer>
    </>
  );
}
